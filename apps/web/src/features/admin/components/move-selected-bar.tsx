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
  const count = selected.length === 1 ? '1 person' : `${selected.length} people`;
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Selected people">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Text fw={500} style={{ alignSelf: 'center' }}>
            {count} selected
          </Text>
          <Select
            label="Move to cohort"
            placeholder="Choose a cohort"
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
            {`Move ${count}`}
          </Button>
          <Button variant="default" onClick={onDone} disabled={move.isPending}>
            Clear the selection
          </Button>
        </Group>
        {move.isError && (
          <Alert color="red" role="alert" title="Nobody was moved">
            {problemMessage(move.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
