import { isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../client.ts';
import { rowsOf } from '../../rows.ts';
import { organisations, retentionRuns } from '../../schema/index.ts';

// Retention's statements (docs/domain/retention.md). Every date is the member's own local date at
// `now`; "past retention" for a member means:
// - deactivated, and their deactivation day is more than `days` days before their today; or
// - for a check-in's note: its habit's frame (to the day the habit ended, if it was ended early)
//   ended more than `days` days before their today;
// - for a mood, or an endorsement they gave, on a date: that date is more than `days` days before
//   their today, and no frame of theirs that includes the date ended less than `days` days ago
//   (or is still running).

export type RetentionScope = { organisationId: string; days: number; now: Date };

export async function organisationsWithRetention(db: DbOrTx): Promise<{ id: string; days: number }[]> {
  const rows = await db
    .select({ id: organisations.id, days: organisations.retentionDays })
    .from(organisations)
    .where(isNotNull(organisations.retentionDays))
    .orderBy(organisations.id);
  return rows.map((row) => ({ id: row.id, days: row.days! }));
}

// The day's claim: true for the one run that inserts it. A second run waits for the first's
// transaction and then finds the row (or takes the claim if the first rolled back).
export async function claimRun(tx: Tx, options: { organisationId: string; runOn: string }): Promise<boolean> {
  const rows = await tx
    .insert(retentionRuns)
    .values({ organisationId: options.organisationId, runOn: options.runOn })
    .onConflictDoNothing()
    .returning({ organisationId: retentionRuns.organisationId });
  return rows.length === 1;
}

// The organisation's members with their cut-off: the last local date whose content is past
// retention (today - days - 1), and whether they were deactivated on or before it.
const members = (scope: RetentionScope) => sql`
  select u.id as user_id,
    ((${scope.now.toISOString()}::timestamptz at time zone u.time_zone)::date - ${scope.days}::int - 1) as cutoff,
    coalesce((u.deactivated_at at time zone u.time_zone)::date
      <= (${scope.now.toISOString()}::timestamptz at time zone u.time_zone)::date - ${scope.days}::int - 1, false) as gone
  from users u where u.organisation_id = ${scope.organisationId}`;

// A date of a member's is past retention when it is on or before their cut-off and no frame of
// theirs including it ends after the cut-off.
const datePast = (userId: ReturnType<typeof sql.raw>, day: ReturnType<typeof sql.raw>) => sql`
  (${day} <= m.cutoff and not exists (
    select 1 from user_habits h where h.user_id = ${userId} and h.started_on <= ${day}
      and least(h.frame_ends_on, coalesce(h.ended_on, h.frame_ends_on)) >= ${day}
      and least(h.frame_ends_on, coalesce(h.ended_on, h.frame_ends_on)) > m.cutoff))`;

const count = async (db: DbOrTx, statement: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await db.execute(statement))[0]?.n ?? 0);

export function removeNotes(tx: Tx, scope: RetentionScope): Promise<number> {
  return count(
    tx,
    sql`with m as (${members(scope)}),
      gone as (
        update habit_logs l set note = null
        from user_habits h, m
        where l.user_habit_id = h.id and h.user_id = m.user_id and l.note is not null
          and (m.gone or least(h.frame_ends_on, coalesce(h.ended_on, h.frame_ends_on)) <= m.cutoff)
        returning l.id)
      select count(*)::int as n from gone`,
  );
}

// The insights' share of each deleted mood is kept per member and week first (migration 0020), so
// the mood figure of past weeks stays as it was.
export function removeMoods(tx: Tx, scope: RetentionScope): Promise<number> {
  return count(
    tx,
    sql`with m as (${members(scope)}),
      gone as (
        delete from mood_entries e using m
        where e.user_id = m.user_id and (m.gone or ${datePast(sql.raw('m.user_id'), sql.raw('e.entry_date'))})
        returning e.user_id, e.entry_date, e.mood_value),
      kept as (
        insert into insight_retained_moods (user_id, week, total, entries)
        select g.user_id, insight_week(g.entry_date), sum(g.mood_value), count(*)
        from gone g where g.mood_value is not null
        group by g.user_id, insight_week(g.entry_date)
        on conflict (user_id, week) do update
          set total = insight_retained_moods.total + excluded.total,
            entries = insight_retained_moods.entries + excluded.entries
        returning 1)
      select count(*)::int as n from gone`,
  );
}

// An endorsement's message follows its author's dates; either person's deactivation past
// retention removes it too. The endorsement itself stays, and keeps counting.
export function removeEndorsementMessages(tx: Tx, scope: RetentionScope): Promise<number> {
  return count(
    tx,
    sql`with m as (${members(scope)}),
      gone as (
        update endorsements e set message = ''
        from m
        where e.endorser_id = m.user_id and e.message <> ''
          and (m.gone or ${datePast(sql.raw('m.user_id'), sql.raw('e.endorsed_on'))}
            or exists (select 1 from m r where r.user_id = e.endorsed_id and r.gone))
        returning e.id)
      select count(*)::int as n from gone`,
  );
}
