import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';

// Raw statements answer { rows } on both drivers.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// Longest streak reported: bounds the figure whatever the history length.
const STREAK_LOOKBACK_DAYS = 400;

export type HabitStatsRow = {
  user_habit_id: string;
  user_id: string;
  habit_id: string;
  habit_name: string;
  target_days: number;
  days_completed: number;
  current_streak: number;
  logged_today: boolean;
};

// Per active user habit, in one statement and one pass over the habit's completed logs (an
// index-only scan of habit_logs_completed_idx): completed days since start, and the streak of
// consecutive completed local dates ending today (or yesterday while today has no log yet).
// A completed log belongs to the streak exactly when its date is `anchor - (n - 1)`, n being its
// position counting back from the anchor; dates are unique, so the first gap ends the run.
// "Today" is each member's own date in their own time zone (DOMAIN "Days, time zones").
function habitStatsSql(options: { now: Date; from: SQL; where: SQL; orderBy: SQL }): SQL {
  return sql`
    select uh.id as user_habit_id, uh.user_id, uh.habit_id, h.name as habit_name, uh.target_days,
      s.days_completed, s.current_streak, (lt.one is not null) as logged_today
    from ${options.from}
    join habits h on h.id = uh.habit_id
    cross join lateral (
      select ((${options.now.toISOString()}::timestamptz) at time zone u.time_zone)::date as today
      from users u where u.id = uh.user_id
    ) t
    left join lateral (
      select 1 as one from habit_logs l where l.user_habit_id = uh.id and l.log_date = t.today limit 1
    ) lt on true
    cross join lateral (select t.today - (case when lt.one is null then 1 else 0 end) as anchor) a
    cross join lateral (
      select count(*)::int as days_completed,
        least(count(*) filter (where c.log_date <= a.anchor and c.log_date = a.anchor - (c.n - 1)::int),
          ${STREAK_LOOKBACK_DAYS})::int as current_streak
      from (
        select l.log_date, count(*) filter (where l.log_date <= a.anchor) over (order by l.log_date desc) as n
        from habit_logs l
        where l.user_habit_id = uh.id and l.log_type = 'completed' and l.log_date >= uh.started_on
      ) c
    ) s
    where ${options.where}
    order by ${options.orderBy}`;
}

export function activeHabitStatsSql(options: { userId: string; now: Date }): SQL {
  return habitStatsSql({
    now: options.now,
    from: sql`user_habits uh`,
    where: sql`uh.user_id = ${options.userId} and uh.status = 'active'`,
    orderBy: sql`uh.slot`,
  });
}

export async function activeHabitStats(db: DbOrTx, options: { userId: string; now: Date }): Promise<HabitStatsRow[]> {
  return rowsOf<HabitStatsRow>(await db.execute(activeHabitStatsSql(options)));
}

export function cohortHabitStatsSql(options: { cohortId: string; now: Date }): SQL {
  return habitStatsSql({
    now: options.now,
    from: sql`cohort_members cm join user_habits uh on uh.user_id = cm.user_id and uh.status = 'active'`,
    where: sql`cm.cohort_id = ${options.cohortId}`,
    orderBy: sql`uh.user_id, uh.slot`,
  });
}

export async function cohortHabitStats(db: DbOrTx, options: { cohortId: string; now: Date }): Promise<HabitStatsRow[]> {
  return rowsOf<HabitStatsRow>(await db.execute(cohortHabitStatsSql(options)));
}

// DOMAIN "Cohort and endorsements": progress descending, then streak descending, then name.
export function rankStandings<T extends { progress: number; streak: number; full_name: string }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => b.progress - a.progress || b.streak - a.streak || a.full_name.localeCompare(b.full_name, 'en'),
  );
}

export function progressPercentage(daysCompleted: number, totalDays: number): number {
  return Math.round((100 * Math.min(daysCompleted, totalDays)) / totalDays);
}
