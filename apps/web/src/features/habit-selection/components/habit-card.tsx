import type { THabit } from '@habitrack/contracts/programmes/list-behaviours';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Checkbox, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';

// Shown as a coloured dot beside dark text: Mantine's green and yellow are too light for text.
const DIFFICULTY = {
  easy: { label: msg`Easy`, color: 'green' },
  medium: { label: msg`Medium`, color: 'yellow' },
  hard: { label: msg`Hard`, color: 'red' },
} as const;

type HabitCardProps = {
  habit: THabit;
  selected: boolean;
  active: boolean;
  onToggle: (habitId: string) => void;
};

// A real checkbox labelled with the habit name makes the card operable by keyboard and announced
// as "checked"/"not checked" by screen readers; the rest of the card describes it.
export function HabitCard({ habit, selected, active, onToggle }: HabitCardProps) {
  const detailsId = useId();
  const difficulty = DIFFICULTY[habit.difficulty];
  const { t, i18n } = useLingui();
  const marker = active ? t`Currently Active` : selected ? t`Selected` : null;
  const minutes = habit.estimated_time_minutes;
  const durationDays = habit.default_duration_days;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`habit-card-${habit.id}`}
      style={selected ? { borderColor: `var(--mantine-color-${active ? 'green' : 'blue'}-6)` } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Checkbox
            checked={selected}
            // Ending an active habit is not done here, so its box stays ticked and locked.
            disabled={active}
            onChange={() => onToggle(habit.id)}
            aria-describedby={detailsId}
            label={
              <Text span fw={600}>
                {habit.name}
              </Text>
            }
            styles={active ? { label: { color: 'inherit', cursor: 'default' } } : undefined}
          />
          {marker && (
            <Badge color={active ? 'teal.9' : 'blue'} variant={active ? 'filled' : 'light'} style={{ flexShrink: 0 }}>
              {marker}
            </Badge>
          )}
        </Group>
        <Group gap="xs" id={detailsId}>
          <Badge color={difficulty.color} variant="dot">
            {i18n._(difficulty.label)}
          </Badge>
          <Text size="sm" c="dimmed">
            <Trans>{minutes} min</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            · <Plural value={durationDays} one="# day" other="# days" />
          </Text>
        </Group>
        {habit.description && <Text size="sm">{habit.description}</Text>}
        {habit.instructions && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              <Trans>How to practice</Trans>
            </Text>
            <Text size="sm">{habit.instructions}</Text>
          </Stack>
        )}
        {habit.positive_changes.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              <Trans>Positive benefits</Trans>
            </Text>
            <List size="sm" spacing={2}>
              {habit.positive_changes.map((change) => (
                <List.Item key={change.id}>{change.name}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
