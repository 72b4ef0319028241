import type { THabit } from '@habitrack/contracts/programmes/list-behaviours';
import { Badge, Checkbox, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { plural } from '../../../lib/plural.ts';

// Shown as a coloured dot beside dark text: Mantine's green and yellow are too light for text.
const DIFFICULTY = {
  easy: { label: 'Easy', color: 'green' },
  medium: { label: 'Medium', color: 'yellow' },
  hard: { label: 'Hard', color: 'red' },
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
  const marker = active ? 'Currently Active' : selected ? 'Selected' : null;
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
            {difficulty.label}
          </Badge>
          <Text size="sm" c="dimmed">
            {habit.estimated_time_minutes} min
          </Text>
          <Text size="sm" c="dimmed">
            · {plural(habit.default_duration_days, 'day')}
          </Text>
        </Group>
        {habit.description && <Text size="sm">{habit.description}</Text>}
        {habit.instructions && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              How to practice
            </Text>
            <Text size="sm">{habit.instructions}</Text>
          </Stack>
        )}
        {habit.positive_changes.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Positive benefits
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
