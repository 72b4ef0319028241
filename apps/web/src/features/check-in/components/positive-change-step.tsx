import type { TPositiveChange } from '@habitrack/contracts/programmes/list-behaviours';
import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';

type PositiveChangeStepProps = {
  changes: readonly TPositiveChange[];
  selectedId: string | null;
  onSelect: (changeId: string | null) => void;
};

// The check-in's second step (docs/domain/check-ins.md#the-check-in-screen): one change at most,
// optional; pressing the chosen one again clears the choice.
export function PositiveChangeStep({ changes, selectedId, onSelect }: PositiveChangeStepProps) {
  const headingId = useId();
  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId}>
      <Text fw={600} id={headingId}>
        <Trans>Did you notice a positive change? (optional)</Trans>
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>Pick the one that fits best, or leave it blank.</Trans>
      </Text>
      {changes.map((change) => {
        const selected = change.id === selectedId;
        return (
          <Stack key={change.id} gap={2}>
            <Button
              aria-pressed={selected}
              aria-describedby={change.description ? `${headingId}-${change.id}` : undefined}
              variant={selected ? 'light' : 'default'}
              justify="flex-start"
              fullWidth
              onClick={() => onSelect(selected ? null : change.id)}
            >
              {change.name}
            </Button>
            {change.description && (
              <Text size="xs" c="dimmed" id={`${headingId}-${change.id}`} px="sm">
                {change.description}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
