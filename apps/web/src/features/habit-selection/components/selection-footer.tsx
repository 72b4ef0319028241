import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';

type SelectionFooterProps = {
  selectedCount: number;
  limitReached: boolean;
  submitLabel: string;
  saving: boolean;
  onBack: () => void;
  onSubmit: () => void;
};

// Sticky, so the counter, the limit notice and the buttons stay in view however long the list is.
export function SelectionFooter({
  selectedCount,
  limitReached,
  submitLabel,
  saving,
  onBack,
  onSubmit,
}: SelectionFooterProps) {
  const { t } = useLingui();
  const max = MAX_ACTIVE_HABITS;
  return (
    <Paper
      withBorder
      shadow="sm"
      p="md"
      radius="md"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 1 }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        {/* A polite live region: screen-reader users hear the count change and why a tick was refused. */}
        <Stack gap={0} role="status">
          <Text fw={600}>
            <Trans>
              {selectedCount} of {max} selected
            </Trans>
          </Text>
          {/* red.9: Mantine's orange is below 4.5:1 on white at every shade. */}
          {limitReached && (
            <Text size="sm" c="red.9">
              <Trans>You can pick up to {max} habits.</Trans>
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={onBack} disabled={saving}>
            <Trans>Back</Trans>
          </Button>
          <Button onClick={onSubmit} disabled={saving}>
            {saving ? t`Selecting Habits...` : submitLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
