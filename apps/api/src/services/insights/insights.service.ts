import type { TInsights, TInsightsQuery } from '@habitrack/contracts/insights/get-insights';
import { translatedText } from '@habitrack/contracts/common/content-translations';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import {
  applyWrittenFacts,
  findInsightsCaller,
  findFirstActivityWeek,
  findOrganisationProgramme,
  listProgrammeCohorts,
  listProgrammeHabitNames,
  NO_TEAM,
  readGroupWeeks,
  readMembersNow,
  type InsightsProgramme,
  type InsightVersions,
} from '../../db/queries/insights/insights.ts';
import { findDepartmentInOrganisation, listDepartments } from '../../db/queries/organizational/departments.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import { heldAnswer } from '../../db/speed/held-answers.ts';
import { deepFreeze } from '../../lib/deep-freeze.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';
import { figure, WeekSums, weeksOf } from './figures.ts';
import { goalLineOfSight } from './goals.ts';
import {
  choiceFigures,
  cohortFigures,
  departmentFiguresOf,
  hideSmallGroups,
  streakFigures,
  sumMembers,
  weeklyFigures,
} from './sections.ts';
import { ownsDepartment, DEPARTMENT_NOT_FOUND } from '../organizational/access.ts';

// Programme insights (docs/domain/insights.md#who-sees-what, decision 016): a leader or an
// administrator sees the whole current programme with a breakdown per cohort and per department, a
// team leader their own departments; everything is read from the prepared aggregates here, and
// suppressed below 5 members by the sections built from them (sections.ts), before anything is
// sent.
const NOT_ALLOWED = 'Only leaders, team leaders and administrators can see programme insights.';
const NO_PROGRAMME = 'You are not in a programme yet, so there are no insights to show.';
// A held answer serves at most until the next quarter hour: every time zone's midnight falls on
// one, so no member's local date (their streak, whether they are still counted) changes meanwhile.
const QUARTER_HOUR_MS = 15 * 60_000;

type InsightsCall = {
  programme: InsightsProgramme;
  user: SignedInUser;
  period: TInsightsQuery['period'];
  // A department asked for (already checked), or the leader's whole programme, or the team leader's own.
  scope: { kind: 'organisation' } | { kind: 'department'; department: { id: string } } | { kind: 'owned' };
  versions: InsightVersions;
  now: Date;
  // The caller's: the programme, behaviours and habits are named in it.
  locale: string;
};

export async function getInsights(
  database: AppDatabase,
  options: { user: SignedInUser; query: TInsightsQuery; now: Date; locale: string },
): Promise<TInsights> {
  const { user, query, now, locale } = options;
  const db = database.db;
  const asked = query.department_id
    ? await findDepartmentInOrganisation(db, { departmentId: query.department_id, organisationId: user.organisationId })
    : null;
  if (query.department_id && !asked) throw notFound(DEPARTMENT_NOT_FOUND);
  // A leader and an administrator (whatever their programme role) see the whole programme.
  const seesAll = user.role === 'leader' || user.isAdmin;
  if (!seesAll && user.role !== 'team_leader') throw forbidden(NOT_ALLOWED);
  const caller = await findInsightsCaller(database, { userId: user.id, organisationId: user.organisationId });
  // Someone who sees all but is in no cohort (an administrator): the asked department's programme,
  // or else the organisation's.
  const programme =
    caller?.programme ??
    (seesAll
      ? await findOrganisationProgramme(db, { organisationId: user.organisationId, programmeId: asked?.programmeId })
      : null);
  if (!programme) throw notFound(NO_PROGRAMME);
  if (asked && asked.programmeId !== programme.id) throw notFound(DEPARTMENT_NOT_FOUND);
  if (asked && !seesAll && !(await ownsDepartment(db, user, asked))) {
    throw forbidden('You can only see the insights of your own departments.');
  }

  // Facts written since the last read are applied first; the versions then confirm a held answer.
  const versions =
    caller && !caller.pending ? caller.versions : await applyWrittenFacts(db, user.organisationId, caller?.versions);
  const scope: InsightsCall['scope'] = asked
    ? { kind: 'department', department: asked }
    : seesAll
      ? { kind: 'organisation' }
      : { kind: 'owned' };
  const answer = await database.held(heldInsights, {
    programme,
    user,
    period: query.period,
    scope,
    versions,
    now,
    locale,
  });
  return answer!;
}

// One answer per programme, scope, period, the caller's calendar (their local date, and for the
// whole programme the local date it started on: what the weeks depend on) and locale, reused while no fact,
// group or name it shows has changed (the versions, migration 0016), for every leader and
// administrator of the organisation alike (decision 013).
const heldInsights = heldAnswer<InsightsCall, TInsights, AppDatabase>({
  name: 'insights',
  max: 500,
  key: (call) =>
    [
      call.programme.id,
      call.scope.kind === 'department'
        ? `department:${call.scope.department.id}`
        : call.scope.kind === 'owned'
          ? `owner:${call.user.id}`
          : 'organisation',
      call.period,
      localDate(call.now, call.user.timeZone),
      call.period === 'programme' && call.programme.startsAt
        ? localDate(call.programme.startsAt, call.user.timeZone)
        : '',
      call.locale,
    ].join('|'),
  read: async (database, call) => {
    const from = Math.floor(call.now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
    // Frozen: the answer is shared by every request it serves, and written to JSON once (contract-serializer.ts).
    const value = deepFreeze(await readInsights(database.db, call));
    return { value, versions: call.versions, from, until: from + QUARTER_HOUR_MS };
  },
  seen: (_database, call) => ({ versions: call.versions, at: call.now.getTime() }),
});

// The answer read afresh from the prepared aggregates.
async function readInsights(db: DbOrTx, call: InsightsCall): Promise<TInsights> {
  const { programme, user, period, scope, now, locale } = call;
  const organisationWide = scope.kind === 'organisation';
  const weeks = weeksOf(period, {
    today: localDate(now, user.timeZone),
    programmeStart: await programmeStartOf(db, { programme, user, period }),
  });
  const [from, to] = [weeks[0] ?? '1970-01-05', weeks.at(-1) ?? '1970-01-05'];
  // The reads that do not depend on each other go together (one answer read afresh waits for the
  // slowest, not for their sum).
  const departmentsRead = listDepartments(db, {
    programmeId: programme.id,
    ownerId: scope.kind === 'owned' ? user.id : undefined,
  }).then((all) => (scope.kind === 'department' ? all.filter((d) => d.id === scope.department.id) : all));
  const teamsRead = departmentsRead.then((departments) => departments.map((d) => d.team_id));
  const scopeTeamsOf = (teamIds: string[]) => (organisationWide ? [NO_TEAM] : teamIds);
  const [departments, rows, membersNow, names, cohortWeeks] = await Promise.all([
    departmentsRead,
    teamsRead.then((teamIds) =>
      readGroupWeeks(db, {
        groupIds: [programme.id],
        teamIds: [...new Set([...scopeTeamsOf(teamIds), ...teamIds])],
        from,
        to,
      }),
    ),
    teamsRead.then((teamIds) =>
      readMembersNow(db, { programmeId: programme.id, teamIds: organisationWide ? undefined : teamIds, now }),
    ),
    listProgrammeHabitNames(db, { programmeId: programme.id, locale }),
    organisationWide ? readCohortWeeks(db, { programmeId: programme.id, from, to }) : null,
  ]);
  const scopeTeams = scopeTeamsOf(departments.map((d) => d.team_id));
  const sums = new WeekSums(rows, (row) => scopeTeams.includes(row.teamId));
  const groupSize = sumMembers(membersNow);
  const departmentFigures = departments.map((d) => departmentFiguresOf(d, { rows, membersNow, weeks }));
  hideSmallGroups(departmentFigures);

  return {
    programme: {
      id: programme.id,
      name: translatedText(programme.translations, { locale, field: 'name', fallback: programme.name }),
    },
    scope: organisationWide ? 'organisation' : 'departments',
    period,
    weeks,
    members: figure(groupSize, groupSize, groupSize),
    ...weeklyFigures(sums, weeks, groupSize),
    ...choiceFigures(sums, weeks, groupSize, names),
    streaks: streakFigures(membersNow, groupSize),
    cohorts: cohortWeeks ? cohortFigures({ ...cohortWeeks, membersNow, weeks }) : [],
    departments: departmentFigures.map((d) => ({ id: d.id, ...d.figures })),
    goals: await goalLineOfSight(db, { programmeId: programme.id, departments: departmentFigures }),
  };
}

// Where the whole programme starts: its start date, or else the week of its first activity (a
// programme without a start date would otherwise be drawn over two empty years). The first
// activity moves only with a fact, which raises the version the held answer is confirmed by.
async function programmeStartOf(
  db: DbOrTx,
  options: { programme: InsightsCall['programme']; user: InsightsCall['user']; period: InsightsCall['period'] },
): Promise<string | null> {
  if (options.period !== 'programme') return null;
  if (options.programme.startsAt) return localDate(options.programme.startsAt, options.user.timeZone);
  return findFirstActivityWeek(db, options.programme.id);
}

// The programme's cohorts and their weekly check-in sums.
async function readCohortWeeks(db: DbOrTx, options: { programmeId: string; from: string; to: string }) {
  const cohorts = await listProgrammeCohorts(db, options.programmeId);
  const rows = await readGroupWeeks(db, {
    groupIds: cohorts.map((c) => c.id),
    teamIds: [NO_TEAM],
    from: options.from,
    to: options.to,
    kinds: ['habits'],
  });
  return { cohorts, rows };
}
