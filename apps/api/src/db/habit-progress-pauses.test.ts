import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { addDays } from '../lib/local-date.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createHabit, createOrganisation, createProgramme, createUser } from '../test/factories.ts';
import type { Database } from './client.ts';
import { findDashboardFacts } from './queries/dashboard/dashboard.ts';
import { habitLogs, habitPauses, userHabits } from './schema/index.ts';
import { AppDatabase } from './speed/app-database.ts';

// Stored progress with pauses (migration 0010, decision 014) against a model of the definition,
// written independently of the SQL: a paused date is transparent to the streak (a run continues
// across it), never logged, and counts for nothing.
type Log = { date: string; type: 'completed' | 'skipped' };
type Pause = { id: string; from: string; to: string };

function expected(logs: Log[], pauses: Pause[], startedOn: string, today: string) {
  const completed = new Set(logs.filter((l) => l.type === 'completed' && l.date >= startedOn).map((l) => l.date));
  const paused = (date: string) => pauses.some((p) => p.from <= date && date <= p.to);
  const loggedToday = logs.some((l) => l.date === today);
  let day = loggedToday ? today : addDays(today, -1);
  let streak = 0;
  for (let steps = 0; steps < 80; steps++, day = addDays(day, -1)) {
    if (paused(day)) continue;
    if (!completed.has(day)) break;
    streak += 1;
  }
  return {
    days_completed: completed.size,
    current_streak: streak,
    logged_today: loggedToday,
    paused_today: paused(today),
  };
}

const BASE = '2026-10-01';
const offset = fc.integer({ min: 0, max: 30 });
const operation = fc.oneof(
  fc.record({ kind: fc.constant('log' as const), day: offset, type: fc.constantFrom('completed', 'skipped') }),
  fc.record({ kind: fc.constant('unlog' as const), day: offset }),
  fc.record({ kind: fc.constant('pause' as const), day: offset, length: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('unpause' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('shorten' as const), index: fc.nat() }),
);

describeEachDatabase('stored habit progress with pauses', (getDatabase) => {
  it('equals what the logs and pauses say after any sequence of check-ins and pauses', async () => {
    const { db } = getDatabase();
    const statsOf = async (database: Database, userId: string, today: string) => {
      const fresh = new AppDatabase(database, {
        sharedStatements: true,
        namedStatements: true,
        heldAnswers: false,
        knownCallers: false,
      });
      const facts = await findDashboardFacts(fresh, { userId, today, weekStart: addDays(today, -6), locale: 'en-GB' });
      return facts.habits[0]!;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 16 }),
        fc.integer({ min: 0, max: 34 }),
        async (operations, todayOffset) => {
          const organisation = await createOrganisation(db);
          const programme = await createProgramme(db, { organisationId: organisation.id });
          const user = await createUser(db, { organisationId: organisation.id, timeZone: 'UTC' });
          const { habit } = await createHabit(db, { programmeId: programme.id });
          const [userHabit] = await db
            .insert(userHabits)
            .values({ userId: user.id, habitId: habit.id, slot: 1, startedOn: BASE, targetDays: 60 })
            .returning();
          const id = userHabit!.id;
          const logs = new Map<string, Log>();
          let pauses: Pause[] = [];
          const pausedOn = (date: string) => pauses.some((p) => p.from <= date && date <= p.to);
          const pausedDays = () =>
            pauses.reduce((n, p) => n + (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 + 1, 0);
          for (const op of operations) {
            // Only what the API allows: no log on a paused day, no pause over a log, no overlap, 14 days.
            if (op.kind === 'log') {
              const date = addDays(BASE, op.day);
              if (pausedOn(date)) continue;
              await db
                .insert(habitLogs)
                .values({ userHabitId: id, logDate: date, logType: op.type })
                .onConflictDoUpdate({ target: [habitLogs.userHabitId, habitLogs.logDate], set: { logType: op.type } });
              logs.set(date, { date, type: op.type });
            } else if (op.kind === 'unlog') {
              const date = addDays(BASE, op.day);
              await db.delete(habitLogs).where(and(eq(habitLogs.userHabitId, id), eq(habitLogs.logDate, date)));
              logs.delete(date);
            } else if (op.kind === 'pause') {
              const from = addDays(BASE, op.day);
              const to = addDays(from, op.length - 1);
              const clashes =
                pauses.some((p) => p.from <= to && from <= p.to) ||
                [...logs.keys()].some((d) => from <= d && d <= to) ||
                pausedDays() + op.length > 14;
              if (clashes) continue;
              const [row] = await db
                .insert(habitPauses)
                .values({ userHabitId: id, startsOn: from, endsOn: to })
                .returning();
              pauses.push({ id: row!.id, from, to });
            } else if (pauses.length > 0) {
              const pause = pauses[op.index % pauses.length]!;
              if (op.kind === 'unpause' || pause.from === pause.to) {
                await db.delete(habitPauses).where(eq(habitPauses.id, pause.id));
                pauses = pauses.filter((p) => p.id !== pause.id);
              } else {
                const to = addDays(pause.to, -1);
                await db.update(habitPauses).set({ endsOn: to }).where(eq(habitPauses.id, pause.id));
                pause.to = to;
              }
            }
          }
          const today = addDays(BASE, todayOffset);
          const stats = await statsOf(getDatabase(), user.id, today);
          expect({
            days_completed: stats.days_completed,
            current_streak: stats.current_streak,
            logged_today: stats.logged_today,
            paused_today: stats.paused_today,
          }).toEqual(expected([...logs.values()], pauses, BASE, today));
          const [row] = await db.select().from(userHabits).where(eq(userHabits.id, id));
          expect({ pausedDays: row!.pausedDays, frameEndsOn: row!.frameEndsOn }).toEqual({
            pausedDays: pausedDays(),
            frameEndsOn: addDays(BASE, 59 + pausedDays()),
          });
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);
});
