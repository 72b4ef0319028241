import type { THistoryDayState } from '@habitrack/contracts/habits/get-habit-history';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fullDate } from './day-names.ts';

// Each state has a word and a mark of its own shape, so the grid never relies on colour alone.
export const STATE_LABELS: Record<THistoryDayState, MessageDescriptor> = {
  completed: msg`Completed`,
  skipped: msg`Didn't do it`,
  paused: msg`Paused`,
  not_logged: msg`Not logged`,
  today: msg`Today, not logged yet`,
  future: msg`Still to come`,
};

export const STATE_MARKS: Record<THistoryDayState, string> = {
  completed: '✓',
  skipped: '✕',
  paused: '‖',
  not_logged: '–',
  today: '○',
  future: '',
};

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

export function dayOfMonth(date: string): number {
  return asDate(date).getUTCDate();
}

// The day's name for a screen reader: its date, its state, and whether it is today.
export function dayLabel(i18n: I18n, day: { date: string; state: THistoryDayState }, today: string): string {
  const date = fullDate(i18n, day.date);
  const state = i18n._(day.state === 'today' ? msg`not logged yet` : STATE_LABELS[day.state]);
  return day.date === today ? i18n._(msg`${date}, today: ${state}`) : i18n._(msg`${date}: ${state}`);
}
