import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { moodEntries, users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { documentedOperations, operationName } from '../test/fuzz/operations.ts';
import { describe as describeRequest, materialise, requestFor, type Operation } from '../test/fuzz/requests.ts';
import { problemsWith } from '../test/fuzz/properties.ts';
import { countChanges, existingIds, rowCounter, type RowCounts } from '../test/fuzz/row-counts.ts';
import { idPool } from '../test/fuzz/schema-values.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers } from '../test/tokens.ts';
import type { Member } from '../test/world.ts';
import { createOrgWithGoals } from './organizational/testing/goals.ts';

// Property-based fuzzing of every documented /api/v1 operation: thousands of malformed, boundary
// and valid requests. Whatever arrives, the API never answers 5xx, every refusal is JSON with a
// `detail`, a refusal writes nothing, and an accepted request writes only what its operation may.
// FUZZ_RUNS raises the requests per operation; FUZZ_SEED replays a reported run.
const RUNS = Number(process.env.FUZZ_RUNS) || 80;
// Each run draws its own seed, so runs keep exploring new requests, and names it when a check fails.
// Under CI one fixed seed is replayed: how many operations reach their success path depends on the
// requests drawn (60 to 63 of 80 in four local runs, 47 in one clean clone's run), and the gate must not
// depend on the draw.
const CI_SEED = 1;
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.CI
    ? CI_SEED
    : Math.floor(Math.random() * 2 ** 31);
// FUZZ_SUMMARY=1 prints, per operation, how often each status answered.
const SUMMARY = Boolean(process.env.FUZZ_SUMMARY);

// Reads first, then writes, then deletions, then the reset: each keeps rows the next one can use.
function order(operation: Operation): number {
  if (operation.path.endsWith('/reset-user-data')) return 3;
  return { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 }[operation.method];
}

// Listing the documented routes needs no database, so the list is ready when tests are collected.
async function listOperations(): Promise<Operation[]> {
  const listing = await createTestApp({
    kind: 'pglite',
    db: undefined as never,
    client: undefined as never,
    runPrepared: undefined as never,
    runUnnamed: undefined as never,
    close: async () => {},
  });
  try {
    return documentedOperations(listing).sort((a, b) => order(a) - order(b));
  } finally {
    await listing.close();
  }
}
const OPERATIONS = await listOperations();

describeEachDatabase('fuzzing every documented /api/v1 operation', (getDatabase) => {
  let app: App;
  let counts: () => Promise<RowCounts>;
  let callers: Record<string, Member>;
  let ids = new Map<string, string[]>();
  let restore: () => Promise<void>;
  const statuses = new Map<string, Record<number, number>>();
  const spent = { requests: 0, counting: 0 };

  beforeAll(async () => {
    const issuers = await createTestIssuers();
    const { db } = getDatabase();
    // Thousands of requests from a handful of callers: keep the per-caller limit out of the way.
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, config: { rateLimitPerMinute: 10_000_000 } });
    const home = await createOrgWithGoals(app, db, issuers);
    const foreign = await createOrgWithGoals(app, db, issuers);
    callers = {
      member: home.member,
      peer: await home.world.person(),
      outsider: await home.world.person({ inCohort: false }),
      newcomer: await home.world.person({ acceptedTerms: false }),
      leader: home.leader,
      teamLeader: home.teamLeader,
      otherTeamLeader: home.otherTeamLeader,
      foreignLeader: foreign.leader,
      foreignMember: foreign.member,
      // The console's administrator acts in the foreign organisation, so what it deactivates or
      // erases there leaves the home callers every other operation relies on alone.
      admin: await foreign.world.person({ isAdmin: true, inCohort: false }),
    };
    const accepted = Object.entries(callers)
      .filter(([name]) => name !== 'newcomer')
      .map(([, member]) => member.id);
    const select = (member: Member, habitId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/habits/select',
        headers: member.headers,
        payload: { habit_id: habitId },
      });
    // Fuzzing moves the fixture (terms reset, habits dropped, goals deleted): put back what the
    // next operation needs to reach its success path.
    restore = async () => {
      const at = new Date('2026-01-01T00:00:00Z');
      await db.update(users).set({ termsAcceptedAt: at, privacyAcceptedAt: at }).where(inArray(users.id, accepted));
      await db
        .update(users)
        .set({ termsAcceptedAt: null, privacyAcceptedAt: null })
        .where(inArray(users.id, [callers.newcomer!.id]));
      await select(callers.member!, home.world.habits[0]!.id);
      await select(callers.member!, home.world.habits[1]!.id);
      await select(callers.peer!, home.world.habits[2]!.id);
      await select(callers.foreignMember!, foreign.world.habits[0]!.id);
      // Mood is once a day: clear today's answers so recording and skipping can both succeed.
      await db.delete(moodEntries).where(
        inArray(
          moodEntries.userId,
          Object.values(callers).map((c) => c.id),
        ),
      );
      ids = await existingIds(db);
    };
    // First sign-in links each caller's identity: do it before any row is counted.
    for (const member of Object.values(callers)) {
      await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: member.headers });
    }
    counts = await rowCounter(getDatabase());
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const callersFor = (operation: Operation) =>
    // Every console operation, mostly as the administrator (test/fuzz/properties.ts says what each may write).
    operation.path.includes('/admin/')
      ? fc.constantFrom('admin', 'admin', 'admin', 'leader', 'member')
      : operation.path.includes('/organizational/')
        ? fc.constantFrom('leader', 'leader', 'teamLeader', 'teamLeader', 'otherTeamLeader', 'member', 'foreignLeader')
        : fc.constantFrom(
            'member',
            'member',
            'member',
            'peer',
            'leader',
            'teamLeader',
            'outsider',
            'newcomer',
            'foreignMember',
          );

  it('fuzzes every documented operation', () => {
    const documented = documentedOperations(app).map(operationName).sort();
    expect(OPERATIONS.map(operationName).sort()).toEqual(documented);
    expect(documented.length).toBeGreaterThanOrEqual(25);
    expect(documented).toContain('POST /api/v1/habits/{habitId}/log');
  });

  for (const operation of OPERATIONS) {
    const name = operationName(operation);
    it(
      name,
      async () => {
        await restore();
        const seen: Record<number, number> = {};
        statuses.set(name, seen);
        // Only these requests write from here on: one count after each serves as the next one's before.
        let latest = await counts();
        const property = fc.asyncProperty(
          requestFor(
            operation,
            callersFor(operation),
            idPool(() => ids),
          ),
          async (request) => {
            const before = latest;
            const payload = request.payload === undefined ? undefined : materialise(request.payload);
            const sent = performance.now();
            const response = await app.inject({
              method: request.method,
              url: request.url,
              headers: { ...request.headers, authorization: callers[request.caller]!.headers.authorization! },
              ...(payload !== undefined ? { payload } : {}),
            });
            const answered = performance.now();
            latest = await counts();
            const bytes = Buffer.byteLength(payload ?? '');
            spent.requests += answered - sent;
            spent.counting += performance.now() - answered;
            const changes = countChanges(before, latest);
            seen[response.statusCode] = (seen[response.statusCode] ?? 0) + 1;
            const problems = problemsWith(operation, bytes > app.initialConfig.bodyLimit! && bytes, response, changes);
            if (problems.length > 0) throw new Error(`${describeRequest(request)}\n  ${problems.join('\n  ')}`);
          },
        );
        await fc.assert(property, { numRuns: RUNS, seed: SEED });
      },
      60_000 + RUNS * 500,
    );
  }

  // The edges the generators reach only by chance, pinned down once each.
  it('answers a body over the limit, an over-long path parameter, a malformed escape and a NUL with a detail', async () => {
    const headers = callers.member!.headers;
    const examples = [
      {
        method: 'POST' as const,
        url: '/api/v1/mood/',
        payload: materialise({ bytes: 2 * 1024 * 1024 }),
        headers: { ...headers, 'content-type': 'application/json' },
        status: 413,
      },
      { method: 'GET' as const, url: `/api/v1/habits/${'x'.repeat(500)}/log/today`, headers, status: 414 },
      { method: 'GET' as const, url: '/api/v1/habits/%E0%A4%A/log/today', headers, status: 400 },
      {
        method: 'POST' as const,
        url: `/api/v1/habits/${randomUUID()}/log`,
        payload: { log_type: 'completed', note: 'a\u0000b' },
        headers,
        status: 400,
      },
    ];
    for (const { status, ...request } of examples) {
      const before = await counts();
      const response = await app.inject(request);
      expect({ url: request.url.slice(0, 60), status: response.statusCode }).toEqual({
        url: request.url.slice(0, 60),
        status,
      });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      // Refused before or after routing, every answer carries the hardening headers.
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/default-src '(none|self)'/);
      expect(response.json()).toMatchObject({ detail: expect.stringMatching(/\S/) });
      expect(await counts()).toEqual(before);
    }
  });

  it('reached the success path of most operations', () => {
    const operations = [...statuses.entries()];
    if (SUMMARY) {
      const total = operations.reduce((n, [, seen]) => n + Object.values(seen).reduce((a, b) => a + b, 0), 0);
      console.info(
        `${total} requests (${Math.round(spent.requests)} ms answering, ${Math.round(spent.counting)} ms counting rows)\n${operations.map(([name, seen]) => `${name} ${JSON.stringify(seen)}`).join('\n')}`,
      );
    }
    const succeeded = operations.filter(([, seen]) => Object.keys(seen).some((s) => Number(s) < 300));
    expect(succeeded.length, `FUZZ_SEED=${SEED} replays this run`).toBeGreaterThanOrEqual(
      Math.ceil(operations.length * 0.6),
    );
  });
});
