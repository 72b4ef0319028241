import { describe, expect, it } from 'vitest';
import { buildSampleCohort, localStreak, progressOf, type TSampleLog, YOUR_LOCAL_HABITS } from './sample-cohort.ts';

const TODAY = '2025-10-19';

// The check-in feature's logs carry more; the sample reads these fields.
type TLog = TSampleLog & { habitId: string };

function log(date: string, overrides: Partial<TLog> = {}): TLog {
  return { date, completed: true, habitId: 'h1', ...overrides };
}

// `count` completed logs on consecutive days ending yesterday.
function completedLogs(count: number): TLog[] {
  return Array.from({ length: count }, (_, i) => log(new Date(Date.UTC(2025, 9, 18 - i)).toISOString().slice(0, 10)));
}

const you = { full_name: 'Priya Sharma', job_title: 'Senior Engineer', role: 'member' as const };

describe('progressOf', () => {
  it('is completed days over 60, rounded to a whole percent', () => {
    expect(progressOf(0)).toBe(0);
    expect(progressOf(1)).toBe(2); // 1.67
    expect(progressOf(3)).toBe(5);
    expect(progressOf(59)).toBe(98); // 98.33
    expect(progressOf(60)).toBe(100);
  });

  it('is capped at 100', () => {
    expect(progressOf(61)).toBe(100);
    expect(progressOf(150)).toBe(100);
  });
});

describe('localStreak', () => {
  it('counts consecutive completed days ending today, or yesterday while today is open', () => {
    expect(localStreak(completedLogs(4), TODAY)).toBe(4);
    expect(localStreak([log(TODAY), ...completedLogs(2)], TODAY)).toBe(3);
    expect(localStreak([log('2025-10-17')], TODAY)).toBe(0);
  });

  it('ends at a skipped day and crosses month ends', () => {
    expect(localStreak([log('2025-10-18'), log('2025-10-17', { completed: false }), log('2025-10-16')], TODAY)).toBe(1);
    expect(localStreak([log('2025-10-01'), log('2025-09-30')], '2025-10-02')).toBe(2);
  });
});

describe('buildSampleCohort', () => {
  it('returns five rows ranked by progress, the signed-in person among them', () => {
    const rows = buildSampleCohort({ logs: completedLogs(24), you, today: TODAY });
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5]);
    const progress = rows.map((row) => row.total_progress_percentage);
    expect(progress).toEqual([...progress].sort((a, b) => b - a));
    expect(rows.filter((row) => row.is_current_user)).toHaveLength(1);
    expect(rows.filter((row) => row.user.full_name.startsWith('Sample member'))).toHaveLength(4);
  });

  it("builds the person's own row from completed local logs only", () => {
    const logs = [...completedLogs(24), log('2025-10-18', { habitId: 'h2', completed: false })];
    const me = buildSampleCohort({ logs, you, today: TODAY }).find((row) => row.is_current_user);
    expect(me).toMatchObject({
      user: { full_name: 'Priya Sharma', job_title: 'Senior Engineer', role: 'member' },
      total_progress_percentage: 40,
      current_streak: 24,
      active_habits: [{ name: YOUR_LOCAL_HABITS, days_completed: 24 }],
      total_endorsements: 0,
      endorsed_today: false,
    });
  });

  it('caps the own row at 100 percent and puts it first', () => {
    const rows = buildSampleCohort({ logs: completedLogs(90), you, today: TODAY });
    expect(rows[0]).toMatchObject({ is_current_user: true, total_progress_percentage: 100, rank: 1 });
  });

  it('works without local data or a known name', () => {
    const rows = buildSampleCohort({ logs: [], you: undefined, today: TODAY });
    const me = rows.find((row) => row.is_current_user);
    expect(me).toMatchObject({ user: { full_name: 'You' }, total_progress_percentage: 0, active_habits: [] });
    expect(rows.at(-1)).toBe(me);
  });
});
