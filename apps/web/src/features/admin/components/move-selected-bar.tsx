import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useMoveCohortMembers } from '../api/move-cohort-members.ts';
import type { TOption } from '../api/team-options.ts';
import { problemMessage } from '../utils/problem-message.ts';

type MoveSelectedBarProps = {
  selected: string[];
  cohorts: TOption[];
  // After the move, or to give up the selection.
  onDone: () => void;
};

// Shown while people are ticked in the table: moves them all into one cohort, all or nothing.
export function MoveSelectedBar({ selected, cohorts, onDone }: MoveSelectedBarProps) {
  const [cohortId, setCohortId] = useState<string | null>(null);
  const move = useMoveCohortMembers();
  const { t } = useLingui();
  const count = selected.length;
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label={t`Selected people`}>
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Text fw={500} style={{ alignSelf: 'center' }}>
            {plural(count, { one: '# person selected', other: '# people selected' })}
          </Text>
          <Select
            label={t`Move to cohort`}
            placeholder={t`Choose a cohort`}
            data={cohorts}
            value={cohortId}
            onChange={setCohortId}
            searchable
            miw={200}
          />
          <Button
            onClick={() =>
              cohortId &&
              move.mutate(
                { cohortId, userIds: selected },
                {
                  onSuccess: () => {
                    move.reset();
                    onDone();
                  },
                },
              )
            }
            disabled={!cohortId}
            loading={move.isPending}
          >
            {t`Move ${plural(count, { one: '# person', other: '# people' })}`}
          </Button>
          <Button variant="default" onClick={onDone} disabled={move.isPending}>
            <Trans>Clear the selection</Trans>
          </Button>
        </Group>
        {move.isError && (
          <Alert color="red" role="alert" title={t`Nobody was moved`}>
            {problemMessage(move.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
