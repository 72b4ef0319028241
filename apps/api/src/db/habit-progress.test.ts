import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { addDays } from '../lib/local-date.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createCohort, createHabit, createOrganisation, createProgramme, createUser } from '../test/factories.ts';
import type { Database, Db } from './client.ts';
import { findDashboardFacts } from './queries/dashboard/dashboard.ts';
import { AppDatabase } from './speed/app-database.ts';
import { cohortMembers, cohortStandingsStripes, habitLogs, userHabits } from './schema/index.ts';

// The stored progress of a user habit (migration 0004's triggers) must always equal what its logs
// say. This model is the definition (docs/domain/streaks-and-strength.md), written independently of
// the SQL.
type Log = { date: string; type: 'completed' | 'skipped' };

function expected(logs: Log[], startedOn: string, today: string) {
  const completed = new Set(logs.filter((l) => l.type === 'completed' && l.date >= startedOn).map((l) => l.date));
  const loggedToday = logs.some((l) => l.date === today);
  let day = loggedToday ? today : addDays(today, -1);
  let streak = 0;
  while (completed.has(day) && streak < 400) {
    streak += 1;
    day = addDays(day, -1);
  }
  return { days_completed: completed.size, current_streak: streak, logged_today: loggedToday };
}

const BASE = '2026-10-01';
// Days are offsets from BASE, within a window small enough that runs and gaps are both common.
const offset = fc.integer({ min: 0, max: 30 });
const operation = fc.oneof(
  fc.record({ kind: fc.constant('upsert' as const), day: offset, type: fc.constantFrom('completed', 'skipped') }),
  fc.record({ kind: fc.constant('delete' as const), day: offset }),
  fc.record({ kind: fc.constant('start' as const), day: fc.integer({ min: 0, max: 10 }) }),
);

async function memberWithHabit(db: Db, timeZone = 'UTC') {
  const organisation = await createOrganisation(db);
  const programme = await createProgramme(db, { organisationId: organisation.id });
  const user = await createUser(db, { organisationId: organisation.id, timeZone });
  const { habit } = await createHabit(db, { programmeId: programme.id });
  const [userHabit] = await db
    .insert(userHabits)
    .values({ userId: user.id, habitId: habit.id, slot: 1, startedOn: BASE, targetDays: 60 })
    .returning();
  return { user, programme, userHabit: userHabit! };
}

// Noon UTC on `date`: the member's date in UTC.
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

// The member's active habits as the dashboard reads them (the statement the API runs).
async function activeHabitStats(database: Database, options: { userId: string; now: Date; today?: string }) {
  const today = options.today ?? options.now.toISOString().slice(0, 10);
  // Read afresh every time: nothing held between calls.
  const fresh = new AppDatabase(database, {
    sharedStatements: true,
    namedStatements: true,
    heldAnswers: false,
    knownCallers: false,
  });
  const facts = await findDashboardFacts(fresh, {
    userId: options.userId,
    today,
    weekStart: addDays(today, -6),
    locale: 'en-GB',
  });
  return facts.habits;
}

describeEachDatabase('stored habit progress', (getDatabase) => {
  it('equals what the logs say after any sequence of check-ins, corrections, deletions and new start dates', async () => {
    const { db } = getDatabase();
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 0, max: 34 }),
        async (operations, todayOffset) => {
          const { user, userHabit } = await memberWithHabit(db);
          const logs = new Map<string, Log>();
          let startedOn = BASE;
          for (const op of operations) {
            const date = addDays(BASE, op.day);
            if (op.kind === 'upsert') {
              await db
                .insert(habitLogs)
                .values({ userHabitId: userHabit.id, logDate: date, logType: op.type })
                .onConflictDoUpdate({ target: [habitLogs.userHabitId, habitLogs.logDate], set: { logType: op.type } });
              logs.set(date, { date, type: op.type });
            } else if (op.kind === 'delete') {
              await db
                .delete(habitLogs)
                .where(and(eq(habitLogs.userHabitId, userHabit.id), eq(habitLogs.logDate, date)));
              logs.delete(date);
            } else {
              await db.update(userHabits).set({ startedOn: date }).where(eq(userHabits.id, userHabit.id));
              startedOn = date;
            }
          }
          // "Today" anywhere from before the latest log (a member whose time zone moved west) to
          // days after it (a lapsed streak).
          const today = addDays(BASE, todayOffset);
          const [stats] = await activeHabitStats(getDatabase(), { userId: user.id, now: noonOf(today) });
          expect({
            days_completed: stats!.days_completed,
            current_streak: stats!.current_streak,
            logged_today: stats!.logged_today,
          }).toEqual(expected([...logs.values()], startedOn, today));
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('keeps every one of 24 parallel check-ins for one habit (late ones included) in its progress', async () => {
    const { db } = getDatabase();
    const { user, userHabit } = await memberWithHabit(db);
    const dates = Array.from({ length: 24 }, (_, i) => addDays(BASE, i)).filter((_, i) => i !== 10);
    await Promise.all(
      dates.map((date) =>
        db.insert(habitLogs).values({ userHabitId: userHabit.id, logDate: date, logType: 'completed' }),
      ),
    );
    const today = addDays(BASE, 23);
    const [row] = await db.select().from(userHabits).where(eq(userHabits.id, userHabit.id));
    expect(row).toMatchObject({ daysCompleted: 23, lastCompletedOn: today, completedRun: 13, lastLoggedOn: today });
    const [stats] = await activeHabitStats(getDatabase(), { userId: user.id, now: noonOf(today) });
    expect(stats).toMatchObject({ days_completed: 23, current_streak: 13, logged_today: true });
  });

  it('leaves progress and the standings counter untouched when a check-in is sent again unchanged, and recomputes when its type changes', async () => {
    const { db } = getDatabase();
    const { user, programme, userHabit } = await memberWithHabit(db);
    await createCohort(db, { organisationId: user.organisationId, programmeId: programme.id, memberIds: [user.id] });
    const date = addDays(BASE, 2);
    const upsert = (logType: 'completed' | 'skipped', note: string) =>
      db
        .insert(habitLogs)
        .values({ userHabitId: userHabit.id, logDate: date, logType, note })
        .onConflictDoUpdate({ target: [habitLogs.userHabitId, habitLogs.logDate], set: { logType, note } });
    const state = async () => {
      const [habit] = await db
        .select({ version: sql<string>`${userHabits}.xmin::text`, daysCompleted: userHabits.daysCompleted })
        .from(userHabits)
        .where(eq(userHabits.id, userHabit.id));
      const [member] = await db
        .select({ counter: sql<number>`coalesce(sum(${cohortStandingsStripes.version}), 0)::int` })
        .from(cohortMembers)
        .leftJoin(cohortStandingsStripes, eq(cohortStandingsStripes.cohortId, cohortMembers.cohortId))
        .where(eq(cohortMembers.userId, user.id));
      return { ...habit!, counter: member!.counter };
    };
    await upsert('completed', 'First note.');
    const first = await state();
    expect(first.daysCompleted).toBe(1);
    // The same check-in again with another note: the progress row is not rewritten.
    await upsert('completed', 'Edited note.');
    expect(await state()).toEqual(first);
    // A skipped day before it is a new fact that changes no figure: recomputed, not rewritten.
    await db.insert(habitLogs).values({ userHabitId: userHabit.id, logDate: BASE, logType: 'skipped' });
    expect(await state()).toEqual(first);
    // Completed becomes skipped: progress recomputed, the leaderboard's counter raised.
    await upsert('skipped', 'Edited note.');
    const changed = await state();
    expect(changed.daysCompleted).toBe(0);
    expect(changed.version).not.toBe(first.version);
    expect(changed.counter).toBeGreaterThan(first.counter);
  });

  it('reads a streak from yesterday until today has a log, then only a completed today keeps it', async () => {
    const { db } = getDatabase();
    const { user, userHabit } = await memberWithHabit(db, 'Pacific/Kiritimati');
    const dates = ['2026-10-01', '2026-10-02', '2026-10-03'];
    await db
      .insert(habitLogs)
      .values(dates.map((logDate) => ({ userHabitId: userHabit.id, logDate, logType: 'completed' as const })));
    // 2026-10-03 10:00 UTC is already 2026-10-04 in Kiritimati (UTC+14).
    const now = new Date('2026-10-03T10:00:00Z');
    const today = '2026-10-04';
    expect((await activeHabitStats(getDatabase(), { userId: user.id, now, today }))[0]).toMatchObject({
      current_streak: 3,
      logged_today: false,
    });
    await db.insert(habitLogs).values({ userHabitId: userHabit.id, logDate: '2026-10-04', logType: 'skipped' });
    expect((await activeHabitStats(getDatabase(), { userId: user.id, now, today }))[0]).toMatchObject({
      current_streak: 0,
      logged_today: true,
    });
  });

  it("raises a cohort's standings version once per member touched, also for many members in one statement", async () => {
    const { db } = getDatabase();
    const organisation = await createOrganisation(db);
    const programme = await createProgramme(db, { organisationId: organisation.id });
    const members = await Promise.all(
      Array.from({ length: 40 }, () => createUser(db, { organisationId: organisation.id })),
    );
    const cohort = await createCohort(db, {
      organisationId: organisation.id,
      programmeId: programme.id,
      memberIds: members.map((m) => m.id),
    });
    const version = async () => {
      const [row] = await db
        .select({
          n: sql<number>`count(*)::int`,
          sum: sql<number>`coalesce(sum(${cohortStandingsStripes.version}), 0)::int`,
        })
        .from(cohortStandingsStripes)
        .where(eq(cohortStandingsStripes.cohortId, cohort.id));
      return row!;
    };
    // Every cohort has its 16 stripes from the start: a raise updates a row, never adds one.
    const start = await version();
    expect(start.n).toBe(16);
    // 40 members over 16 stripes: several share one, and each still counts once.
    const ids = members.map((m) => m.id);
    await db.execute(
      sql`select cohort_standings_touch(${sql.raw(`array[${ids.map((id) => `'${id}'`).join(',')}]::uuid[]`)})`,
    );
    expect(await version()).toEqual({ n: 16, sum: start.sum + 40 });
    await db.execute(sql`select cohort_standings_touch(${sql.raw(`array['${ids[0]}']::uuid[]`)})`);
    expect(await version()).toEqual({ n: 16, sum: start.sum + 41 });
  });
});
