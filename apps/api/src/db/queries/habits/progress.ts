import { sql, type SQL } from 'drizzle-orm';
import { inLocale } from '../programmes/translations.ts';

// Longest streak reported: bounds the figure whatever the history length.
const STREAK_LOOKBACK_DAYS = 400;

// The streak of the active user habit `uh` on the member's date `today`: the run of consecutive
// completed dates ending today, or yesterday while today has no log yet
// (docs/domain/streaks-and-strength.md#current-streak), paused dates transparent
// (docs/domain/pauses.md#what-a-paused-day-does). The stored run (kept by the habit_logs and
// habit_pauses triggers, migrations 0004 and 0010) ends on the latest completed date, so it counts
// exactly when that date is the anchor, or when every date between it and today is paused (read
// only for a habit with pauses); reading it costs the same whatever the length of the history. A
// log dated after the member's today (their time zone moved west) is the one case the stored
// figures cannot answer: that habit's streak is computed from its logs.
export function streakSql(today: SQL): SQL {
  return sql`(case when uh.last_logged_on > ${today} then (${liveStreakSql(today)})
    else least(case when uh.last_completed_on = ${today} - (case when uh.last_logged_on = ${today} then 0 else 1 end)
        then uh.completed_run
      when uh.paused_days > 0 and uh.last_logged_on < ${today} and uh.last_completed_on < ${today} - 1
        and (${pausedBetweenSql(sql`uh.last_completed_on + 1`, sql`${today} - 1`)}) = ${today} - 1 - uh.last_completed_on
        then uh.completed_run
      else 0 end, ${sql.raw(String(STREAK_LOOKBACK_DAYS))}) end)::int`;
}

// How many dates from `from` to `to` (both included) the user habit `uh` is paused on.
function pausedBetweenSql(from: SQL, to: SQL): SQL {
  return sql`select coalesce(sum(least(hp.ends_on, ${to}) - greatest(hp.starts_on, ${from}) + 1), 0)::int
    from habit_pauses hp where hp.user_habit_id = uh.id and hp.starts_on <= ${to} and hp.ends_on >= ${from}`;
}

// A date's place among the unpaused dates of the user habit `uh`: the date less the paused dates
// before it. Consecutive unpaused dates have consecutive places.
function unpausedPlaceSql(date: SQL): SQL {
  return sql`(${date} - (case when uh.paused_days = 0 then 0
    else (select coalesce(sum(least(hp.ends_on, ${date} - 1) - hp.starts_on + 1), 0)::int
      from habit_pauses hp where hp.user_habit_id = uh.id and hp.starts_on < ${date}) end))`;
}

// Whether the active user habit `uh` has a log (of any kind) on `today`.
export function loggedTodaySql(today: SQL): SQL {
  return sql`(case when uh.last_logged_on > ${today}
    then exists (select 1 from habit_logs l where l.user_habit_id = uh.id and l.log_date = ${today})
    else coalesce(uh.last_logged_on = ${today}, false) end)`;
}

// Whether `today` is a paused day of the active user habit `uh` (read only for a habit with pauses).
export function pausedTodaySql(today: SQL): SQL {
  return sql`(uh.paused_days > 0 and exists (select 1 from habit_pauses hp
    where hp.user_habit_id = uh.id and ${today} between hp.starts_on and hp.ends_on))`;
}

// The member's date in their own time zone
// (docs/domain/days-and-time-zones.md#the-members-local-date); `u` is the users row.
export function memberTodaySql(now: SQL): SQL {
  return sql`((${now}::timestamptz) at time zone u.time_zone)::date`;
}

// The streak computed from the logs: a completed log belongs to the run ending on the anchor (today
// when it has a log, else the last unpaused date before it) exactly when its place among the
// unpaused dates is `n - 1` before the anchor's, n being its position counting back from the anchor.
function liveStreakSql(today: SQL): SQL {
  return sql`
    select least(count(*) filter (where c.log_date <= c.anchor and c.place = c.anchor_place - (c.n - 1)::int),
      ${sql.raw(String(STREAK_LOOKBACK_DAYS))})::int
    from (
      select l.log_date, a.anchor, a.anchor_place, ${unpausedPlaceSql(sql`l.log_date`)} as place,
        count(*) filter (where l.log_date <= a.anchor) over (order by l.log_date desc) as n
      from habit_logs l
      cross join (
        select ${today} - lt.back as anchor, ${unpausedPlaceSql(today)} - lt.back as anchor_place
        from (select case when exists (select 1 from habit_logs x
          where x.user_habit_id = uh.id and x.log_date = ${today}) then 0 else 1 end as back) lt
      ) a
      where l.user_habit_id = uh.id and l.log_type = 'completed' and l.log_date >= uh.started_on
    ) c`;
}

// Every member of a cohort with what the leaderboard ranks them by
// (docs/domain/standings-and-endorsements.md#what-each-entry-shows): their streak (the best over
// their active habits, a habit whose frame is over on their date being no longer active, decision
// 014), their active habits (name, days completed and habit length, in slot order) and the
// endorsements they received; and when their local date began and when the next begins (outside
// that span their streak may differ). One pass over the members through their keys (nested loops);
// "limit 1" keeps the planner from turning the user lookup into a scan of all users.
export function memberStandingsSql(options: { cohortId: SQL; now: SQL; locale: SQL }): SQL {
  const today = sql`t.today`;
  const habitName = inLocale({
    translations: sql`h.translations`,
    field: 'name',
    fallback: sql`h.name`,
    locale: options.locale,
  });
  return sql`
    select cm.user_id as id, u.full_name, u.email, u.job_title, u.role, s.streak, s.habits,
      (select count(*) from endorsements e where e.endorsed_id = cm.user_id)::int as received,
      (t.today::timestamp at time zone u.time_zone) as day_began_at,
      ((t.today + 1)::timestamp at time zone u.time_zone) as next_day_at
    from cohort_members cm
    cross join lateral (select u.full_name, u.email, u.job_title, u.role, u.time_zone from users u
      where u.id = cm.user_id and u.deactivated_at is null limit 1) u
    cross join lateral (select ${memberTodaySql(options.now)} as today) t
    cross join lateral (
      select coalesce(max(${streakSql(today)}), 0)::int as streak,
        coalesce(json_agg(json_build_object('name', ${habitName}, 'days_completed', uh.days_completed,
          'target_days', uh.target_days) order by uh.slot), '[]'::json) as habits
      from user_habits uh
      join habits h on h.id = uh.habit_id
      where uh.user_id = cm.user_id and uh.status = 'active' and uh.frame_ends_on >= t.today
    ) s
    where cm.cohort_id = ${options.cohortId}`;
}
