import { and, asc, between, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import {
  behaviours,
  cohorts,
  departmentKpis,
  habits,
  insightGroupWeeks,
  insightMembers,
  NO_TEAM,
  programmes,
} from '../../schema/index.ts';
import type { AppDatabase } from '../../speed/app-database.ts';
import { seal, type SealedVersions } from '../../speed/held-answers.ts';
import { sharedStatement } from '../../speed/shared-statements.ts';
import { rowsOf } from '../../rows.ts';
import { callerIsCurrent } from '../identity/identity.ts';
import { inLocale } from '../programmes/translations.ts';
import type { TContentTranslations } from '@habitrack/contracts/common/content-translations';

// Reads of the prepared aggregates (migration 0013, decision 016): no read touches a log table.

// The versions an insights answer is confirmed by (migration 0016): the organisation's, raised by
// every application of its members' written facts, and the one of what the answers name; sealed
// (held-answers.ts), as [organisation, content].
export type InsightVersions = SealedVersions;

// Applies the organisation's facts written since its last call to the group sums (the writes only
// note which member-weeks changed, so check-ins never wait on each other; other organisations'
// notes wait for their own reads, migration 0027), then reads the versions.
//
// One request applies an organisation's facts at a time: the others find its lock taken, apply
// nothing and are answered at the versions as they are (the applied facts show from the request
// after the apply). A request that read its versions in its own statement (`versionsRead`) while
// this process is applying its organisation's facts is answered at those, without asking the
// database what it would answer the same: after a busy hour of check-ins the apply takes a second
// or more, and every leader's request meanwhile sent one statement more.
export async function applyWrittenFacts(
  db: DbOrTx,
  organisationId: string,
  versionsRead?: InsightVersions,
): Promise<InsightVersions> {
  let running = applying.get(db);
  if (!running) applying.set(db, (running = new Map()));
  const count = running.get(organisationId) ?? 0;
  if (versionsRead && count > 0) return versionsRead;
  running.set(organisationId, count + 1);
  try {
    const result = await db.execute(
      sql`select "version", "content" from "insight_flush_versions"(${organisationId}::uuid)`,
    );
    const [row] = rowsOf<{ version: string | number; content: string | number }>(result);
    return seal([Number(row?.version ?? 0), Number(row?.content ?? 0)]);
  } finally {
    const left = (running.get(organisationId) ?? 1) - 1;
    if (left > 0) running.set(organisationId, left);
    else running.delete(organisationId);
  }
}

// Per database, the organisations whose facts this process is applying, and by how many requests.
const applying = new WeakMap<DbOrTx, Map<string, number>>();

export type InsightsProgramme = {
  id: string;
  name: string;
  startsAt: Date | null;
  translations: TContentTranslations;
};
export type InsightsCaller = { programme: InsightsProgramme; versions: InsightVersions; pending: boolean };
type InsightsCallerRow = {
  programme: { id: string; name: string; startsAt: string | null; translations: TContentTranslations };
  version: string | number;
  content: string | number;
  pending: boolean;
};

// Every insights request's first statement (the requests of one turn share it, decision 013):
// the caller's current programme (their cohort's), the versions that confirm a held answer, and
// whether their organisation's written facts wait to be applied (then applyWrittenFacts runs
// first). Reads only, so a request refused afterwards has written nothing. Whether facts wait is
// read from the notes' index, not their table: every flush leaves its notes behind as dead rows
// until a vacuum, and a scan of the table reads them all (0.65 ms after 28,000 notes on the
// benchmark's data, 0.07 ms by index).
const insightsCallerStatement = sharedStatement<{ userId: string; organisationId: string }, InsightsCallerRow>({
  name: 'insights_caller',
  confirms: { caller: 'userId', isCurrent: callerIsCurrent },
  params: { userId: 'uuid', organisationId: 'uuid' },
  query: (p) => sql`select ${p.position} as position, json_build_object(
      'programme', json_build_object('id', pr.id, 'name', pr.name, 'startsAt', pr.starts_at,
        'translations', pr.translations),
      'version', coalesce((select v.version from insight_versions v where v.organisation_id = ${p.organisationId}), 0),
      'content', (select c.version from insight_content_version c where c.id = 1),
      'pending', (select d.user_id from insight_dirty d where d.organisation_id = ${p.organisationId}
        order by d.organisation_id, d.user_id, d.week limit 1) is not null) as row
    from ${p.table}
    join cohort_members cm on cm.user_id = ${p.userId}
    join cohorts co on co.id = cm.cohort_id
    join programmes pr on pr.id = co.programme_id`,
});

export async function findInsightsCaller(
  database: AppDatabase,
  call: { userId: string; organisationId: string },
): Promise<InsightsCaller | null> {
  const row = await database.run(insightsCallerStatement, call);
  if (!row) return null;
  return {
    programme: {
      id: row.programme.id,
      name: row.programme.name,
      startsAt: row.programme.startsAt === null ? null : new Date(row.programme.startsAt),
      translations: row.programme.translations,
    },
    versions: seal([Number(row.version), Number(row.content)]),
    pending: row.pending,
  };
}

// The organisation's current programme for someone outside every cohort (an administrator): the
// given one (a department's), or else the one that started last, or else the newest.
export async function findOrganisationProgramme(db: DbOrTx, options: { organisationId: string; programmeId?: string }) {
  const filters = [eq(programmes.organisationId, options.organisationId)];
  if (options.programmeId) filters.push(eq(programmes.id, options.programmeId));
  const [row] = await db
    .select()
    .from(programmes)
    .where(and(...filters))
    .orderBy(sql`${programmes.startsAt} desc nulls last`, desc(programmes.createdAt), asc(programmes.id))
    .limit(1);
  return row ?? null;
}

export type GroupWeekRow = {
  groupId: string;
  teamId: string;
  week: string;
  kind: string;
  key: string;
  members: number;
  a: number;
  b: number;
};

// The weekly sums of the given groups (programme or cohort ids) and teams, between two Mondays.
export async function readGroupWeeks(
  db: DbOrTx,
  options: { groupIds: string[]; teamIds: string[]; from: string; to: string; kinds?: string[] },
): Promise<GroupWeekRow[]> {
  if (options.groupIds.length === 0 || options.teamIds.length === 0) return [];
  const filters = [
    inArray(insightGroupWeeks.groupId, options.groupIds),
    inArray(insightGroupWeeks.teamId, options.teamIds),
    between(insightGroupWeeks.week, options.from, options.to),
  ];
  if (options.kinds) filters.push(inArray(insightGroupWeeks.kind, options.kinds));
  return db
    .select({
      groupId: insightGroupWeeks.groupId,
      teamId: insightGroupWeeks.teamId,
      week: insightGroupWeeks.week,
      kind: insightGroupWeeks.kind,
      key: insightGroupWeeks.key,
      members: insightGroupWeeks.members,
      a: insightGroupWeeks.a,
      b: insightGroupWeeks.b,
    })
    .from(insightGroupWeeks)
    .where(and(...filters));
}

// The Monday of the programme's first week with any fact of its members (a check-in, a habit
// picked, a mood, an endorsement), or null before any: where the whole programme starts when it has
// no start date. The programme-wide rows (team NO_TEAM) lead the primary key, so this reads one
// index entry.
export async function findFirstActivityWeek(db: DbOrTx, programmeId: string): Promise<string | null> {
  const [row] = await db
    .select({ week: insightGroupWeeks.week })
    .from(insightGroupWeeks)
    .where(
      and(
        eq(insightGroupWeeks.groupId, programmeId),
        eq(insightGroupWeeks.teamId, NO_TEAM),
        sql`${insightGroupWeeks.members} > 0`,
      ),
    )
    .orderBy(asc(insightGroupWeeks.week))
    .limit(1);
  return row?.week ?? null;
}

export type MembersNowRow = {
  cohortId: string;
  teamId: string | null;
  members: number;
  streaks: [number, number, number, number];
};

// Per cohort and team of the programme: members now, and how many stand at a current streak of
// 0, 1–6, 7–20 and 21+ days, each on their own local date (a run ending today or yesterday is
// current, docs/domain/streaks-and-strength.md#current-streak). A deactivated member counts up to
// their deactivation day only. Each time zone's local date is computed once, not once per member.
// The statement is built apart, for the benchmark to print its plan.
export function membersNowSql(options: { programmeId: string; teamIds?: string[]; now: Date }) {
  const m = insightMembers;
  const teamFilter =
    options.teamIds === undefined
      ? sql`true`
      : options.teamIds.length === 0
        ? sql`false`
        : inArray(m.teamId, options.teamIds);
  // Each member's current streak as a bucket: 0 (none), 1 (1–6), 2 (7–20), 3 (21+).
  return sql`
    with x as materialized (
      select z.time_zone, (${options.now.toISOString()}::timestamptz at time zone z.time_zone)::date as t
      from (select distinct ${m.timeZone} as time_zone from ${m} where ${m.programmeId} = ${options.programmeId}) z
    )
    select ${m.cohortId} as cohort_id, ${m.teamId} as team_id, width_bucket(coalesce(greatest(
        case when ${m.ends1} >= x.t - 1 then ${m.run1} end,
        case when ${m.ends2} >= x.t - 1 then ${m.run2} end,
        case when ${m.ends3} >= x.t - 1 then ${m.run3} end), 0), array[1, 7, 21]) as bucket, count(*)::int as n
    from ${m} join x on x.time_zone = ${m.timeZone}
    where ${m.programmeId} = ${options.programmeId} and ${teamFilter}
      and (${m.activeUntil} is null or x.t <= ${m.activeUntil})
    group by 1, 2, 3`;
}

export async function readMembersNow(
  db: DbOrTx,
  options: { programmeId: string; teamIds?: string[]; now: Date },
): Promise<MembersNowRow[]> {
  const result = await db.execute(membersNowSql(options));
  const groups = new Map<string, MembersNowRow>();
  for (const r of rowsOf<{ cohort_id: string; team_id: string | null; bucket: number; n: number }>(result)) {
    const id = `${r.cohort_id}|${r.team_id ?? ''}`;
    const group = groups.get(id) ?? { cohortId: r.cohort_id, teamId: r.team_id, members: 0, streaks: [0, 0, 0, 0] };
    group.members += Number(r.n);
    const bucket = Number(r.bucket) as 0 | 1 | 2 | 3;
    group.streaks[bucket] += Number(r.n);
    groups.set(id, group);
  }
  return [...groups.values()];
}

export async function listProgrammeCohorts(db: DbOrTx, programmeId: string) {
  return db
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .where(eq(cohorts.programmeId, programmeId))
    .orderBy(asc(cohorts.name), asc(cohorts.id));
}

// The programme's behaviours and habits, for the names of the by-behaviour and chosen figures, in
// the caller's locale.
export async function listProgrammeHabitNames(db: DbOrTx, options: { programmeId: string; locale: string }) {
  const { programmeId } = options;
  const locale = sql`${options.locale}`;
  return db
    .select({
      habitId: habits.id,
      habit: sql<string>`${inLocale({ translations: sql`${habits.translations}`, field: 'name', fallback: sql`${habits.name}`, locale })}`,
      behaviourId: behaviours.id,
      behaviour: sql<string>`${inLocale({ translations: sql`${behaviours.translations}`, field: 'name', fallback: sql`${behaviours.name}`, locale })}`,
    })
    .from(habits)
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .where(eq(behaviours.programmeId, programmeId))
    .orderBy(asc(behaviours.position), asc(habits.position));
}

export async function listKpisOfDepartments(db: DbOrTx, departmentIds: string[]) {
  if (departmentIds.length === 0) return [];
  return db
    .select({
      id: departmentKpis.id,
      departmentId: departmentKpis.departmentId,
      goalId: departmentKpis.organizationalGoalId,
      title: departmentKpis.title,
      unit: departmentKpis.unit,
      baseline: departmentKpis.baseline,
      target: departmentKpis.target,
    })
    .from(departmentKpis)
    .where(inArray(departmentKpis.departmentId, departmentIds))
    .orderBy(asc(departmentKpis.createdAt), asc(departmentKpis.id));
}

export { NO_TEAM };

// The statements as SQL with their parameters (the benchmark prints their plans).
export const insightsStatements = { insightsCallerStatement };
