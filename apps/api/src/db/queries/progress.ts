import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';

// Raw statements answer { rows } on both drivers.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// Longest streak we look back over: bounds the work per habit whatever the history length.
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

// Per active user habit, in one statement: completed days since start, and the streak of
// consecutive completed local dates ending today (or yesterday while today has no log yet).
// "Today" is each member's own date in their own time zone (DOMAIN "Days, time zones").
function habitStatsSql(options: { now: Date; where: SQL }): SQL {
  return sql`
    select uh.id as user_habit_id, uh.user_id, uh.habit_id, h.name as habit_name, uh.target_days,
      (select count(*) from habit_logs l
        where l.user_habit_id = uh.id and l.log_type = 'completed' and l.log_date >= uh.started_on)::int as days_completed,
      (select count(*) from (
          select x.log_date, row_number() over (order by x.log_date desc) as rn
          from (select l.log_date from habit_logs l
                where l.user_habit_id = uh.id and l.log_type = 'completed'
                  and l.log_date <= a.anchor and l.log_date >= uh.started_on
                order by l.log_date desc limit ${STREAK_LOOKBACK_DAYS}) x
        ) c where c.log_date = a.anchor - (c.rn - 1)::int)::int as current_streak,
      a.logged_today
    from user_habits uh
    join users u on u.id = uh.user_id
    join habits h on h.id = uh.habit_id
    cross join lateral (select ((${options.now.toISOString()}::timestamptz) at time zone u.time_zone)::date as today) t
    cross join lateral (
      select exists (select 1 from habit_logs l where l.user_habit_id = uh.id and l.log_date = t.today) as logged_today,
        case when exists (select 1 from habit_logs l where l.user_habit_id = uh.id and l.log_date = t.today)
          then t.today else t.today - 1 end as anchor
    ) a
    where uh.status = 'active' and ${options.where}`;
}

export async function activeHabitStats(db: DbOrTx, options: { userId: string; now: Date }): Promise<HabitStatsRow[]> {
  const result = await db.execute(
    sql`${habitStatsSql({ now: options.now, where: sql`uh.user_id = ${options.userId}` })} order by uh.slot`,
  );
  return rowsOf<HabitStatsRow>(result);
}

export async function cohortHabitStats(db: DbOrTx, options: { cohortId: string; now: Date }): Promise<HabitStatsRow[]> {
  const where = sql`uh.user_id in (select cm.user_id from cohort_members cm where cm.cohort_id = ${options.cohortId})`;
  const result = await db.execute(sql`${habitStatsSql({ now: options.now, where })} order by uh.user_id, uh.slot`);
  return rowsOf<HabitStatsRow>(result);
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
