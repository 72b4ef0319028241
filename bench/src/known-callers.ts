// One member's hot requests, one at a time, alternating between an API with known callers (the
// default) and one without (SPEED_OFF=known-callers) on the same database: the
// median of each, in one sitting.
// Run: npx tsx bench/src/known-callers.ts [pglite|postgres] (postgres: DATABASE_URL).
import { performance } from 'node:perf_hooks';
import { userHabits } from '../../apps/api/src/db/schema/index.ts';
import { createTestDatabase } from '../../apps/api/src/test/databases.ts';
import { createTestApp, testConfig } from '../../apps/api/src/test/test-app.ts';
import { createTestIssuers } from '../../apps/api/src/test/tokens.ts';
import { createWorld } from '../../apps/api/src/test/world.ts';

const kind = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
const database = await createTestDatabase(kind);
const issuers = await createTestIssuers();
const on = await createTestApp(database, {
  keySets: issuers.keySets,
  config: { speed: { ...testConfig().speed, knownCallers: true } },
});
const off = await createTestApp(database, {
  keySets: issuers.keySets,
  config: { speed: { ...testConfig().speed, knownCallers: false } },
});
const world = await createWorld(database.db, issuers);
const member = await world.person();
const [uh] = await database.db
  .insert(userHabits)
  .values({
    userId: member.id,
    habitId: world.habits[0]!.id,
    slot: 1,
    startedOn: new Date().toISOString().slice(0, 10),
    targetDays: 60,
  })
  .returning();
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
for (const url of [
  '/api/v1/auth/user-flow-status',
  '/api/v1/dashboard/',
  '/api/v1/social/cohort/members',
  `/api/v1/habits/${uh!.id}/history`,
]) {
  const times = { on: [] as number[], off: [] as number[] };
  for (const app of [on, off, on, off]) await app.inject({ method: 'GET', url, headers: member.headers });
  for (let i = 0; i < 101; i++) {
    for (const [name, app] of [
      ['on', on],
      ['off', off],
    ] as const) {
      const t = performance.now();
      await app.inject({ method: 'GET', url, headers: member.headers });
      times[name].push(performance.now() - t);
    }
  }
  console.log(
    `${kind} ${url.padEnd(42)} known ${median(times.on).toFixed(2)} ms, without ${median(times.off).toFixed(2)} ms, ratio ${(median(times.off) / median(times.on)).toFixed(2)}`,
  );
}
process.exit(0);
