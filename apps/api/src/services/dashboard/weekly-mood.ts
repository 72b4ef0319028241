import { MOOD_SCALE } from '@habitrack/contracts/mood/record-mood';
import {
  BENEFIT_KEEP_GOING,
  BENEFIT_MOST_DAYS,
  BENEFIT_TOUGH_WEEK,
  type TDashboardResponse,
} from '@habitrack/contracts/dashboard/get-dashboard';
import type { MoodFacts } from '../../db/queries/dashboard/dashboard.ts';
import { addDays } from '../../lib/local-date.ts';

const SKIPPED = { mood_label: 'Skipped', mood_emoji: '⏭️' };

function benefitMessage(entries: number, average: number | null): string | null {
  if (entries === 0) return null;
  if (entries >= 5) {
    return BENEFIT_MOST_DAYS;
  }
  if (average !== null && average < 2.5) {
    return BENEFIT_TOUGH_WEEK;
  }
  return BENEFIT_KEEP_GOING;
}

// The first of the last 7 local dates.
export const weekStart = (today: string) => addDays(today, -6);

// The last 7 local dates including today; entries_count counts moods given (not skips); average to
// one decimal (null with none); completion_rate = round(100 × entries / 7)
// (docs/domain/mood.md#the-week-on-the-dashboard).
export function weekDates(today: string): string[] {
  const first = weekStart(today);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

export function weeklyMood(options: { today: string; moods: MoodFacts[] }): TDashboardResponse['mood_widget'] {
  const dates = weekDates(options.today);
  const rows = options.moods.filter((row) => row.date >= dates[0]! && row.date <= options.today);
  const entries: TDashboardResponse['mood_widget']['current_week']['entries'] = {};
  for (const row of rows) {
    const scale = MOOD_SCALE.find((m) => m.value === row.value);
    entries[row.date] = {
      mood_value: row.value,
      skipped: row.skipped,
      ...(scale ? { mood_label: scale.label, mood_emoji: scale.emoji } : SKIPPED),
    };
  }
  const values = rows.flatMap((row) => (row.value === null ? [] : [row.value]));
  const average = values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : null;
  return {
    current_week: { dates, entries },
    weekly_stats: {
      entries_count: values.length,
      average_mood: average,
      completion_rate: Math.round((100 * values.length) / 7),
    },
    benefit_message: benefitMessage(values.length, average),
  };
}
