import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Box, Group, Stack, Text } from '@mantine/core';
import { MoodFace } from '../../../components/ui/mood-face.tsx';
import { shortWeekday, weekdayDayMonth } from '../../../lib/calendar-day.ts';
import { Widget } from './widget.tsx';

type TMoodWidget = TDashboardResponse['mood_widget'];

function EmptyDay() {
  return (
    <Box
      aria-hidden
      w={28}
      h={28}
      style={{ borderRadius: '50%', border: '2px dashed var(--mantine-color-gray-4)' }}
      data-testid="mood-day-empty"
    />
  );
}

// The last 7 days, oldest first: one mood face per day (an image named by the mood), or an empty
// marker for a day without entry.
function MoodWeek({ week }: { week: TMoodWidget['current_week'] }) {
  const today = week.dates.at(-1);
  return (
    <Group
      component="ul"
      aria-label="Your mood over the last 7 days"
      justify="space-between"
      wrap="nowrap"
      gap={4}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {week.dates.map((date) => {
        const entry = week.entries[date];
        // The item's name carries the whole day for screen readers; the weekday is decoration.
        const name = `${date === today ? 'Today, ' : ''}${weekdayDayMonth(date)}: ${entry ? entry.mood_label : 'no entry'}`;
        return (
          <Stack component="li" key={date} aria-label={name} gap={2} align="center" miw={32}>
            <Box h={32} style={{ display: 'flex', alignItems: 'center' }}>
              {entry ? <MoodFace value={entry.mood_value} /> : <EmptyDay />}
            </Box>
            <Text aria-hidden size="xs" fw={date === today ? 700 : 400}>
              {shortWeekday(date)}
            </Text>
          </Stack>
        );
      })}
    </Group>
  );
}

export function MoodWidget({ mood }: { mood: TMoodWidget }) {
  const stats = mood.weekly_stats;
  return (
    <Widget title="Mood Tracking">
      <MoodWeek week={mood.current_week} />
      <Text size="sm">{stats.entries_count}/7 entries</Text>
      <Text size="sm">Average mood: {stats.average_mood === null ? 'no entries yet' : `${stats.average_mood}/5`}</Text>
      <Text size="sm">Completion: {stats.completion_rate}%</Text>
      {mood.benefit_message && (
        <Text size="sm" c="dimmed">
          {mood.benefit_message}
        </Text>
      )}
    </Widget>
  );
}
