import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases.ts';
import { pgBouncerInstalled, serverUrlOf, startPgBouncer } from '../test/pgbouncer.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { createWorld, type Member } from '../test/world.ts';
import { openDatabase } from './client.ts';
import type { RunPrepared } from './speed/prepared-statements.ts';

// The API behind PgBouncer in transaction mode (docs/operations/capacity.md#pgbouncer), so one
// client's statements land on different server connections. With DATABASE_POOLER=transaction every
// hot request answers as it does directly and no statement is refused; without it, a statement
// named on one server connection is missing on another, and PostgreSQL refuses it. The API may
// still answer such a request (a shared statement that fails runs each call again alone, and the
// pool replaces a client whose query failed, which names its statements afresh), so the check
// counts the refusals themselves rather than failed requests, whose number hung on timing.
// Needs PostgreSQL (DATABASE_URL) and Debian's pgbouncer (scripts/ensure-postgres.sh installs it).
const runs = databaseKinds.includes('postgres') && pgBouncerInstalled();
const URLS = ['/api/v1/auth/user-flow-status', '/api/v1/dashboard/', '/api/v1/social/cohort/members'];

describe.skipIf(!runs)('the API through PgBouncer in transaction mode [postgres]', () => {
  let direct: TestDatabase;
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let issuers: TestIssuers;
  let members: Member[];
  const expected = new Map<string, string>();

  beforeAll(async () => {
    direct = await createTestDatabase('postgres');
    bouncer = await startPgBouncer({ serverUrl: serverUrlOf(direct), serverConnections: 2 });
    issuers = await createTestIssuers();
    const world = await createWorld(direct.db, issuers);
    members = await Promise.all(Array.from({ length: 4 }, () => world.person()));
    const app = await createTestApp(direct, { keySets: issuers.keySets });
    for (const member of members)
      for (const url of URLS)
        expected.set(`${member.id} ${url}`, (await app.inject({ method: 'GET', url, headers: member.headers })).body);
    await app.close();
  }, 60_000);

  afterAll(async () => {
    await bouncer?.stop();
    await direct?.dispose();
  });

  // The same requests in two phases, each on one server connection, the other one held by a
  // transaction of its own: first on one, then on the other, so every client connection the API
  // used in the first phase reaches, in the second, a server connection it has sent nothing to.
  // (Left to PgBouncer, a light load may find the same server connection every time.)
  async function answers(pooler: 'none' | 'transaction') {
    // One client connection: every statement it names in the first phase is then missing where the
    // second phase runs (with several, which client reached the second server connection first
    // decided which statements were refused).
    const pooled = await openDatabase({ kind: 'postgres', url: bouncer.url, poolSize: 1 });
    // The hot statements' refusals, as PostgreSQL words them, with the phase they came in.
    const refused: { phase: number; message: string }[] = [];
    let current = 0;
    const noted =
      (run: RunPrepared): RunPrepared =>
      (name, text, values) =>
        run(name, text, values).catch((error: unknown) => {
          refused.push({ phase: current, message: error instanceof Error ? error.message : String(error) });
          throw error;
        });
    pooled.runPrepared = noted(pooled.runPrepared);
    pooled.runUnnamed = noted(pooled.runUnnamed);
    const app = await createTestApp(pooled, {
      keySets: issuers.keySets,
      config: { speed: loadConfig({ DATABASE_POOLER: pooler }).speed },
    });
    const holders = [
      new pg.Client({ connectionString: bouncer.url }),
      new pg.Client({ connectionString: bouncer.url }),
    ];
    try {
      for (const holder of holders) await holder.connect();
      const results: { status: number; same: boolean; phase: number }[] = [];
      const phase = async (which: number) => {
        current = which;
        for (let round = 0; round < 3; round++) {
          const batch = await Promise.all(
            members.flatMap((member) =>
              URLS.map(async (url) => {
                const response = await app.inject({ method: 'GET', url, headers: member.headers });
                const same = response.body === expected.get(`${member.id} ${url}`);
                return { status: response.statusCode, same, phase: which };
              }),
            ),
          );
          results.push(...batch);
        }
      };
      const serverOf = async (holder: pg.Client) => {
        await holder.query('begin');
        return (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      };
      const first = await serverOf(holders[0]!);
      await phase(1);
      const second = await serverOf(holders[1]!);
      expect(second).not.toBe(first);
      await holders[0]!.query('commit');
      await phase(2);
      await holders[1]!.query('commit');
      return { results, refused };
    } finally {
      await Promise.all(holders.map((holder) => holder.end().catch(() => {})));
      await app.close();
      await pooled.close();
    }
  }

  it('answers every hot request as directly with DATABASE_POOLER=transaction', async () => {
    const { results, refused } = await answers('transaction');
    expect(results).toHaveLength(72);
    expect(results.filter((r) => r.status !== 200 || !r.same)).toEqual([]);
    expect(refused).toEqual([]);
  }, 60_000);

  it('fails without it: named statements do not survive transaction pooling', async () => {
    const { refused } = await answers('none');
    expect(refused.filter((r) => r.phase === 1)).toEqual([]);
    expect(refused.filter((r) => r.phase === 2).map((r) => r.message)).toContainEqual(
      expect.stringMatching(/^prepared statement "\w+" does not exist$/),
    );
  }, 60_000);
});
