import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import { endorsements, kpiMeasurements, modules, positiveChanges } from '../db/schema/index.ts';
import { addDays, localDate } from '../lib/local-date.ts';
import { createOrgWithGoals, type OrgWithGoals } from '../routes/organizational/testing/goals.ts';
import { createScimToken } from '../services/scim/tokens.service.ts';
import { createCohort, createHabit, createProgramme, createUser } from './factories.ts';
import type { TestIssuers } from './tokens.ts';
import { createWorld, type Member } from './world.ts';

// The people an authorization rule is stated for. "otherTeamLeader" leads another team of the same
// organisation; "otherCohort" is a member of the same organisation in another cohort (running
// another programme); the foreign pair lead another organisation. "admin" holds the administrator
// right (issue 21) and is in no cohort, as an HR partner running the programme would be;
// "foreignAdmin" administers another organisation.
export const roles = [
  'member',
  'leader',
  'teamLeader',
  'otherTeamLeader',
  'otherCohort',
  'admin',
  'foreignLeader',
  'foreignTeamLeader',
  'foreignAdmin',
] as const;
export type Role = (typeof roles)[number];
// The administrators are stated for the console's operations and wherever the right changes an
// answer; elsewhere an administrator is what their programme role makes them.
export type AdminRole = 'admin' | 'foreignAdmin';
export type BaseRole = Exclude<Role, AdminRole>;

export type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object | string };
export type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function send(app: App) {
  return async (member: Member | null, call: Call): Promise<Answer> => {
    const headers: Record<string, string> = { ...(member?.headers ?? {}) };
    if (typeof call.payload === 'string') headers['content-type'] = 'application/json';
    const options: InjectOptions = { method: call.method, url: call.url, headers, payload: call.payload };
    const response = await app.inject(options);
    const json = response.headers['content-type']?.toString().includes('json');
    return { status: response.statusCode, body: response.body && json ? response.json() : response.body };
  };
}

async function succeed(app: App, member: Member, call: Call): Promise<Answer> {
  const answer = await send(app)(member, call);
  if (answer.status >= 300) {
    throw new Error(`${call.method} ${call.url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

// One organisation as the authorization rules see it: createOrgWithGoals (leader, two team leaders,
// a member, goals, a department and its KPI) plus a member with an active habit, a cohort mate
// with an active habit (someone to endorse), and a member of a second cohort running a second
// programme of the same organisation. Everyone has signed in once, so their identities are linked
// and a later refused request has nothing legitimate to write.
export async function createScene(app: App, db: Db, issuers: TestIssuers) {
  const org: OrgWithGoals = await createOrgWithGoals(app, db, issuers);
  const { world } = org;
  const mate = await world.person();
  const [firstHabit, secondHabit] = world.habits;
  const memberHabit = await succeed(app, org.member, {
    method: 'POST',
    url: '/api/v1/habits/select',
    payload: { habit_id: firstHabit!.id },
  });
  await succeed(app, mate, { method: 'POST', url: '/api/v1/habits/select', payload: { habit_id: firstHabit!.id } });
  // A pause of the member's habit, in days to come: only the member may cancel it.
  const pauseFrom = addDays(localDate(app.now(), 'Europe/London'), 19);
  const memberPause = await succeed(app, org.member, {
    method: 'POST',
    url: `/api/v1/habits/${memberHabit.body.id}/pauses`,
    payload: { from: pauseFrom, to: addDays(pauseFrom, 1) },
  });
  // The mate endorsed the member on an earlier day: an endorsement only the member may read.
  const [endorsementOfMember] = await db
    .insert(endorsements)
    .values({ endorserId: mate.id, endorsedId: org.member.id, endorsedOn: '2026-01-15', message: 'Well listened' })
    .returning();

  const secondProgramme = await createProgramme(db, { organisationId: world.organisation.id });
  const secondContent = await createHabit(db, { programmeId: secondProgramme.id });
  const outsiderRow = await createUser(db, {
    organisationId: world.organisation.id,
    email: `second-cohort-${mate.id.slice(0, 8)}@${world.domain}`,
    termsAcceptedAt: new Date('2026-01-01T00:00:00Z'),
    privacyAcceptedAt: new Date('2026-01-01T00:00:00Z'),
  });
  const secondCohort = await createCohort(db, {
    organisationId: world.organisation.id,
    programmeId: secondProgramme.id,
    memberIds: [outsiderRow.id],
  });
  const otherCohort: Member = {
    id: outsiderRow.id,
    email: outsiderRow.email,
    headers: { authorization: `Bearer ${await issuers.hosted({ email: outsiderRow.email })}` },
  };
  const admin = await world.person({ isAdmin: true, inCohort: false });
  for (const person of [org.leader, org.teamLeader, org.otherTeamLeader, otherCohort, admin]) {
    await succeed(app, person, { method: 'GET', url: '/api/v1/auth/me' });
  }
  const secondProgrammeGoal = await succeed(app, org.leader, {
    method: 'POST',
    url: `/api/v1/organizational/goals?program_id=${secondProgramme.id}`,
    payload: { title: 'Second programme goal', sequence_order: 0 },
  });
  const [firstHabitChange] = await db
    .select({ id: positiveChanges.id })
    .from(positiveChanges)
    .where(eq(positiveChanges.habitId, firstHabit!.id))
    .limit(1);
  // The programme's first module (issue 21): something for the console to rename.
  const [firstModule] = await db
    .select({ id: modules.id })
    .from(modules)
    .where(eq(modules.programmeId, world.programme.id))
    .orderBy(modules.position)
    .limit(1);
  // A SCIM token of the organisation (issue 21): something for the console to revoke.
  const scimToken = await createScimToken(db, { organisationId: world.organisation.id, createdBy: admin.id });
  // A value of the department's KPI (issue 20): something to change and delete.
  const [measurement] = await db
    .insert(kpiMeasurements)
    .values({ kpiId: org.kpi.id, value: 10, measuredOn: '2026-01-10', createdById: org.teamLeader.id })
    .returning();
  return {
    ...org,
    measurementId: measurement!.id,
    organisationId: world.organisation.id,
    mate,
    otherCohort,
    admin,
    firstHabit: firstHabit!,
    secondHabit: secondHabit!,
    memberUserHabitId: memberHabit.body.id as string,
    memberPauseId: memberPause.body.id as string,
    endorsementOfMemberId: endorsementOfMember!.id,
    secondProgramme,
    secondCohort,
    secondHabitOfSecondProgramme: secondContent.habit,
    secondProgrammeGoalId: secondProgrammeGoal.body.id as string,
    firstHabitChangeId: firstHabitChange!.id,
    firstModuleId: firstModule!.id,
    scimTokenId: scimToken.id,
  };
}

export type Scene = Awaited<ReturnType<typeof createScene>>;

// Just the leader and a team leader of another organisation, signed in once: the foreign callers
// of a write, cheaper than a whole scene.
export async function createOutsiders(app: App, db: Db, issuers: TestIssuers) {
  const world = await createWorld(db, issuers);
  const leader = await world.person({ role: 'leader' });
  const teamLeader = await world.person({ role: 'team_leader' });
  const admin = await world.person({ isAdmin: true, inCohort: false });
  for (const person of [leader, teamLeader, admin])
    await succeed(app, person, { method: 'GET', url: '/api/v1/auth/me' });
  return { leader, teamLeader, admin };
}

export function peopleOf(
  scene: Scene,
  foreign: { leader: Member; teamLeader: Member; admin: Member },
): Record<Role, Member> {
  return {
    member: scene.member,
    leader: scene.leader,
    teamLeader: scene.teamLeader,
    otherTeamLeader: scene.otherTeamLeader,
    otherCohort: scene.otherCohort,
    admin: scene.admin,
    foreignLeader: foreign.leader,
    foreignTeamLeader: foreign.teamLeader,
    foreignAdmin: foreign.admin,
  };
}

let tableNames: string[] | undefined;

// A fingerprint of every application table: its row count and the sum of each row's xmin, the
// transaction that wrote the row's current version (read as it is, where hashing each row's text took
// 15 of the authorization matrix's 33 s on PGlite). Equal fingerprints mean nothing was
// inserted, updated (even to the same values) or deleted anywhere in between.
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  if (!tableNames) {
    const listed = await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    tableNames = (listed as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  }
  // Standings versions are bookkeeping that member activity raises (migrations 0005, 0009): the
  // cohort's counter is fingerprinted on its own, so an operation may be allowed to raise it and
  // nothing else (the members' counters are a table of their own, cohort_standings_stripes).
  const versioned = ['cohorts'];
  // The versions that confirm a held insights answer (migration 0016) are bookkeeping too: triggers
  // raise them with every write to what an insights answer shows, and the insights read's flush.
  const bookkeeping = ['insight_versions', 'insight_content_version'];
  // A versioned table's rows are compared by their text less the version: a raised version writes the row.
  const print = (name: string) =>
    versioned.includes(name)
      ? `coalesce(sum(hashtextextended((to_jsonb(t) - 'standings_version')::text, 0)), 0)`
      : `coalesce(sum(t.xmin::text::bigint), 0)`;
  const parts = tableNames
    .filter((name) => !bookkeeping.includes(name))
    .map((name) => `select '${name}' as name, count(*)::text || ':' || ${print(name)}::text as print from "${name}" t`);
  for (const name of versioned.filter((n) => tableNames!.includes(n))) {
    parts.push(`select '${name}.standings_version', coalesce(sum(standings_version), 0)::text from "${name}"`);
  }
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  const rows = (result as unknown as { rows: { name: string; print: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

// Every operation the API documents, as "METHOD /path/{param}" keys.
export function documentedOperations(app: App): { key: string; hasBody: boolean }[] {
  const document = app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      hasBody: operation.requestBody !== undefined,
    })),
  );
}
