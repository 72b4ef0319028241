import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  behaviours,
  cohortMembers,
  cohorts,
  endorsements,
  habitLogs,
  habits,
  moodEntries,
  organisations,
  positiveChanges,
  userHabits,
  users,
} from '../db/schema/index.ts';
import { importPeople } from '../imports/import-people.ts';
import { importProgramme } from '../imports/import-programme.ts';
import { parsePeopleFile } from '../imports/people-file.ts';
import { seedFolder } from '../paths.ts';
import { seedDemoGoals } from './demo-goals.ts';
import { planHistory, type HistoryPlan } from './demo-history.ts';
import { addDemoPeople } from './demo-people.ts';

const seedFile = (name: string) => path.join(seedFolder, name);
const PROGRAMME_FILE = seedFile('programme.yaml');
const PEOPLE_FILE = seedFile('people.yaml');

export const DEMO_ORGANISATION_SLUG = 'acme-corp';
export const DEMO_COHORT_NAME = 'Cohort Aurora';
// Left without terms or habits, so the first-run flow (terms, intro, habit selection) can be shown.
export const DEMO_NEW_MEMBER_EMAIL = 'sam.patel@acme.example';
export const DEMO_LEADER_EMAIL = 'eleanor.whitfield@acme.example';
// The extra people's habits started 5 to 10 weeks ago, so the 12-week insights have a history.
const EXTRA_PEOPLE_STARTED_DAYS_AGO = [35, 70] as const;

export type DemoAccount = {
  email: string;
  name: string;
  role: 'leader' | 'team_leader' | 'member';
  isAdmin: boolean;
  // The language the people file gives them (docs/domain/locales.md); absent = the browser's.
  locale?: string;
  note?: string;
};

// Read from people.yaml so the printed list can never disagree with the seeded users. Read when first
// asked for (the list is printed once the server listens), not while the server starts.
let accounts: readonly DemoAccount[] | undefined;
export function demoAccounts(): readonly DemoAccount[] {
  accounts ??= parsePeopleFile({
    source: readFileSync(PEOPLE_FILE, 'utf8'),
    fileName: PEOPLE_FILE,
  }).data.users.map((u) => ({
    email: u.email,
    name: u.full_name,
    role: u.role,
    isAdmin: u.is_admin,
    ...(u.locale ? { locale: u.locale } : {}),
    ...(u.is_admin ? { note: 'also the administrator' } : {}),
    ...(u.email === DEMO_NEW_MEMBER_EMAIL ? { note: 'new member: not onboarded yet' } : {}),
  }));
  return accounts;
}

export type SeedResult =
  | { seeded: false }
  | { seeded: true; userHabits: number; habitLogs: number; moodEntries: number; endorsements: number };

export async function isSeeded(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, DEMO_ORGANISATION_SLUG));
  return rows.length > 0;
}

async function loadCohort(tx: Tx) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      timeZone: users.timeZone,
      programmeId: cohorts.programmeId,
    })
    .from(users)
    .innerJoin(cohortMembers, eq(cohortMembers.userId, users.id))
    .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    .innerJoin(organisations, eq(organisations.id, cohorts.organisationId))
    .where(and(eq(organisations.slug, DEMO_ORGANISATION_SLUG), eq(cohorts.name, DEMO_COHORT_NAME)))
    .orderBy(asc(users.email));
}

async function loadHabits(tx: Tx, programmeId: string) {
  const rows = await tx
    .select({ id: habits.id, defaultDurationDays: habits.defaultDurationDays })
    .from(habits)
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .where(eq(behaviours.programmeId, programmeId))
    .orderBy(asc(behaviours.position), asc(habits.position));
  const changes = await tx
    .select({ id: positiveChanges.id, habitId: positiveChanges.habitId })
    .from(positiveChanges)
    .where(
      inArray(
        positiveChanges.habitId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(positiveChanges.position));
  return rows.map((h) => ({ ...h, positiveChangeIds: changes.filter((c) => c.habitId === h.id).map((c) => c.id) }));
}

// Multi-row inserts in chunks: a handful of statements, well under PostgreSQL's parameter limit.
async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

async function writePlan(tx: Tx, plan: HistoryPlan) {
  await insertChunked(plan.userHabits, (c) => tx.insert(userHabits).values(c));
  await insertChunked(plan.habitLogs, (c) => tx.insert(habitLogs).values(c));
  await insertChunked(plan.moodEntries, (c) => tx.insert(moodEntries).values(c));
  await insertChunked(plan.endorsements, (c) => tx.insert(endorsements).values(c));
}

// Imports the demo programme and people, adds the extra people (demo-people.ts), then invents a
// few weeks of plausible history for the cohort and, unless `goals` is false, the leader's goals
// and the team leaders' departments and KPIs with their measurements (demo-goals.ts): every chart
// of the insights has something to show. `goals: false` (DEMO_GOALS=off) seeds the programme as
// it is before the leader has set goals (the goals journey's browser test). Does nothing
// (seeded: false) when the demo organisation already exists, so `npm start` seeds only on the
// first run and never touches data people have since created.
export async function seedDemo(db: DbOrTx, options: { today?: Date; goals?: boolean } = {}): Promise<SeedResult> {
  const today = options.today ?? new Date();
  return db.transaction(async (tx) => {
    // Two servers starting together on one database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if (await isSeeded(tx)) return { seeded: false };
    await importProgramme(tx, { source: readFileSync(PROGRAMME_FILE, 'utf8'), fileName: PROGRAMME_FILE });
    await importPeople(tx, { source: readFileSync(PEOPLE_FILE, 'utf8'), fileName: PEOPLE_FILE });
    const people = await addDemoPeople(tx, { organisationSlug: DEMO_ORGANISATION_SLUG, cohortName: DEMO_COHORT_NAME });

    const cohort = await loadCohort(tx);
    const programmeId = cohort[0]?.programmeId;
    if (!programmeId) throw new Error(`demo cohort ${DEMO_COHORT_NAME} is empty`);
    const onboarded = cohort.filter((u) => u.email !== DEMO_NEW_MEMBER_EMAIL);
    // Leaders and team leaders have their own first screens (goals, KPIs), so they get no habits.
    const tracking = onboarded
      .filter((u) => u.role === 'member')
      .map((u) => (people.extraEmails.has(u.email) ? { ...u, startedDaysAgo: EXTRA_PEOPLE_STARTED_DAYS_AGO } : u));
    const plan = planHistory({ tracking, endorsers: onboarded, habits: await loadHabits(tx, programmeId), today });
    await writePlan(tx, plan);

    const acceptedAt = new Date(today.getTime() - 75 * 24 * 60 * 60 * 1000);
    await tx
      .update(users)
      .set({ termsAcceptedAt: acceptedAt, privacyAcceptedAt: acceptedAt })
      .where(
        and(
          inArray(
            users.id,
            cohort.map((u) => u.id),
          ),
          ne(users.email, DEMO_NEW_MEMBER_EMAIL),
        ),
      );
    if (options.goals ?? true) {
      await seedDemoGoals(tx, { programmeId, today, teamId: people.teamId, leaderEmail: DEMO_LEADER_EMAIL });
    }
    return {
      seeded: true,
      userHabits: plan.userHabits.length,
      habitLogs: plan.habitLogs.length,
      moodEntries: plan.moodEntries.length,
      endorsements: plan.endorsements.length,
    };
  });
}
