import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, Stack, Text } from '@mantine/core';
import { MoodFace } from '../../../components/ui/mood-face.tsx';
import { formatPercent, numberFormat } from '../../../lib/i18n/formatters.ts';
import { benefitText } from '../utils/benefit-message.ts';
import { shortWeekday, weekdayDayMonth } from '../utils/day-names.ts';
import { moodName } from '../utils/mood-names.ts';
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
  const { t, i18n } = useLingui();
  // The item's name carries the whole day for screen readers; the weekday is decoration.
  const nameOf = (date: string, mood: string | null) => {
    const day = weekdayDayMonth(i18n, date);
    if (date === today) return mood === null ? t`Today, ${day}: no entry` : t`Today, ${day}: ${mood}`;
    return mood === null ? t`${day}: no entry` : t`${day}: ${mood}`;
  };
  return (
    <Group
      component="ul"
      aria-label={t`Your mood over the last 7 days`}
      justify="space-between"
      wrap="nowrap"
      gap={4}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {week.dates.map((date) => {
        const entry = week.entries[date];
        const known = entry ? moodName(entry.mood_value) : undefined;
        const name = nameOf(date, entry ? (known ? i18n._(known) : entry.mood_label) : null);
        return (
          <Stack component="li" key={date} aria-label={name} gap={2} align="center" miw={32}>
            <Box h={32} style={{ display: 'flex', alignItems: 'center' }}>
              {entry ? <MoodFace value={entry.mood_value} /> : <EmptyDay />}
            </Box>
            <Text aria-hidden size="xs" fw={date === today ? 700 : 400}>
              {shortWeekday(i18n.locale, date)}
            </Text>
          </Stack>
        );
      })}
    </Group>
  );
}

export function MoodWidget({ mood }: { mood: TMoodWidget }) {
  const stats = mood.weekly_stats;
  const { t, i18n } = useLingui();
  const entries = stats.entries_count;
  const average = stats.average_mood === null ? null : numberFormat(i18n.locale).format(stats.average_mood);
  const completion = formatPercent(i18n.locale, stats.completion_rate / 100);
  return (
    <Widget title={t`Mood Tracking`}>
      <MoodWeek week={mood.current_week} />
      <Text size="sm">
        <Trans>{entries}/7 entries</Trans>
      </Text>
      <Text size="sm">
        {average === null ? <Trans>Average mood: no entries yet</Trans> : <Trans>Average mood: {average}/5</Trans>}
      </Text>
      <Text size="sm">
        <Trans>Completion: {completion}</Trans>
      </Text>
      {mood.benefit_message && (
        <Text size="sm" c="dimmed">
          {benefitText(i18n, mood.benefit_message)}
        </Text>
      )}
    </Widget>
  );
}
