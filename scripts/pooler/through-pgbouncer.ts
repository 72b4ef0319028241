// Runs the API's hot requests against PostgreSQL through PgBouncer in transaction pooling mode, with
// fewer server connections than the API's pool so that consecutive statements of one client land on
// different server connections, and checks every answer against the same request made directly.
// Needs Debian's pgbouncer and DATABASE_URL (docs/operations/capacity.md#pgbouncer).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/pooler/through-pgbouncer.ts
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createTestDatabase } from '../../apps/api/src/test/databases.ts';
import { createTestApp } from '../../apps/api/src/test/test-app.ts';
import { createTestIssuers } from '../../apps/api/src/test/tokens.ts';
import { createWorld } from '../../apps/api/src/test/world.ts';
import { serverUrlOf, startPgBouncer } from '../../apps/api/src/test/pgbouncer.ts';

const direct = await createTestDatabase('postgres');
const bouncer = await startPgBouncer({ serverUrl: serverUrlOf(direct), serverConnections: 2 });
try {
  const issuers = await createTestIssuers();
  const world = await createWorld(direct.db, issuers);
  const members = await Promise.all(Array.from({ length: 6 }, () => world.person()));
  const urls = ['/api/v1/auth/user-flow-status', '/api/v1/dashboard/', '/api/v1/social/cohort/members'];
  const directApp = await createTestApp(direct, { keySets: issuers.keySets });
  const expected = new Map<string, string>();
  for (const member of members)
    for (const url of urls) {
      const response = await directApp.inject({ method: 'GET', url, headers: member.headers });
      expected.set(`${member.id} ${url}`, response.body);
    }
  await directApp.close();

  for (const pooler of ['none', 'transaction']) {
    const pooled = await openDatabase({ kind: 'postgres', url: bouncer.url, poolSize: 8 });
    const app = await createTestApp(pooled, {
      keySets: issuers.keySets,
      config: { speed: loadConfig({ DATABASE_POOLER: pooler }).speed },
    });
    const failures: string[] = [];
    let requests = 0;
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        members.flatMap((member) =>
          urls.map(async (url) => {
            requests++;
            const response = await app.inject({ method: 'GET', url, headers: member.headers });
            if (response.statusCode !== 200)
              failures.push(`${url} ${response.statusCode} ${response.body.slice(0, 120)}`);
            else if (response.body !== expected.get(`${member.id} ${url}`)) failures.push(`${url}: a different answer`);
          }),
        ),
      );
    }
    await app.close();
    await pooled.close();
    console.log(
      `DATABASE_POOLER=${pooler}: ${requests - failures.length} of ${requests} requests answered as directly` +
        (failures.length ? `; first failure: ${failures[0]}` : ''),
    );
  }
} finally {
  await bouncer.stop();
  await direct.dispose();
}
