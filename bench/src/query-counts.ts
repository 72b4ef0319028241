// Measures SQL statements per request and median latency for the member endpoints, on PGlite (and
// PostgreSQL when DATABASE_URL is set). Run: npx tsx bench/src/query-counts.ts
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { habitLogs, userHabits, cohortMembers, users } from '../../apps/api/src/db/schema/index.ts';
import { addDays } from '../../apps/api/src/lib/local-date.ts';
import { createTestDatabase, databaseKinds } from '../../apps/api/src/test/databases.ts';
import { createTestApp } from '../../apps/api/src/test/test-app.ts';
import { createTestIssuers } from '../../apps/api/src/test/tokens.ts';
import { createWorld } from '../../apps/api/src/test/world.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const kind of databaseKinds) {
  const database = await createTestDatabase(kind);
  const issuers = await createTestIssuers();
  const app = await createTestApp(database, { keySets: issuers.keySets });
  const db = database.db;
  const world = await createWorld(db, issuers);
  const member = await world.person();
  // 59 days of history on all three habits, picked 60 days ago with today their frame's last day
  // (a habit picked earlier would be completed: decision 014).
  const today = new Date().toISOString().slice(0, 10);
  const userHabitIds: string[] = [];
  for (const [slot, habit] of world.habits.slice(0, 3).entries()) {
    const [uh] = await db
      .insert(userHabits)
      .values({
        userId: member.id,
        habitId: habit.id,
        slot: slot + 1,
        startedOn: addDays(today, -59),
        targetDays: 60,
      })
      .returning();
    userHabitIds.push(uh!.id);
    await db.insert(habitLogs).values(
      Array.from({ length: 59 }, (_, i) => ({
        userHabitId: uh!.id,
        logDate: addDays(today, -1 - i),
        logType: 'completed' as const,
      })),
    );
  }
  // A 500-member cohort around the member.
  const others = await db
    .insert(users)
    .values(
      Array.from({ length: 499 }, (_, i) => ({
        organisationId: world.organisation.id,
        email: `b${i}-${randomUUID().slice(0, 6)}@${world.domain}`,
        fullName: `Member ${i}`,
      })),
    )
    .returning({ id: users.id });
  await db.insert(cohortMembers).values(others.map((o) => ({ cohortId: world.cohort.id, userId: o.id })));
  await db.insert(userHabits).values(
    others.map((o) => ({
      userId: o.id,
      habitId: world.habits[0]!.id,
      slot: 1,
      startedOn: addDays(today, -30),
      targetDays: 60,
    })),
  );

  const endpoints = [
    '/api/v1/auth/user-flow-status',
    `/api/v1/programmes/${world.programme.id}/behaviours`,
    '/api/v1/dashboard/',
    '/api/v1/social/cohort/members',
    `/api/v1/habits/${userHabitIds[0]}/history`,
  ];
  for (const url of endpoints) {
    await app.inject({ method: 'GET', url, headers: member.headers });
    const before = database.queries.length;
    await app.inject({ method: 'GET', url, headers: member.headers });
    const statements = database.queries.length - before;
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: member.headers });
      times.push(performance.now() - t0);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    }
    console.log(
      `${kind.padEnd(8)} ${url.replace(world.programme.id, '{id}').replace(userHabitIds[0]!, '{id}').padEnd(42)} ${statements} statements (after an earlier request of the same member; known callers as configured), median ${median(times).toFixed(1)} ms`,
    );
  }
  await app.close();
  await database.dispose();
}
