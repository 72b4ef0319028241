import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_PER_HOUR, TOO_MANY_EXPORTS } from '@habitrack/contracts/me/export-my-data';
import { buildApp, type App } from '../../app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { createOrganisation, createUser } from '../../test/factories.ts';
import { findTestRedis } from '../../test/redis-server.ts';
import { testConfig } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';

// The export budget (a few per hour) is one budget per member across every instance sharing Redis.
const testRedis = await findTestRedis();

if (testRedis.reason) it.skip(`export budget shared through Redis: skipped, ${testRedis.reason}`, () => {});

describe.runIf(testRedis.url)('export budget shared through Redis', () => {
  let database: TestDatabase;
  let issuers: TestIssuers;
  let redis: Redis;
  const apps: App[] = [];
  const prefix = `test:${randomUUID()}:`;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    issuers = await createTestIssuers();
    redis = new Redis(testRedis.url!, { maxRetriesPerRequest: 1 });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        config: testConfig({ redisUrl: testRedis.url, redisKeyPrefix: prefix }),
        database,
        keySets: issuers.keySets,
      });
      await app.ready();
      apps.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await database.dispose();
    testRedis.stop();
  });

  it('refuses the export over the budget on either instance, for an hour', async () => {
    const organisation = await createOrganisation(database.db, { emailDomains: ['exports.example'] });
    const email = `${randomUUID().slice(0, 8)}@exports.example`;
    const user = await createUser(database.db, { organisationId: organisation.id, email });
    const headers = { authorization: `Bearer ${await issuers.hosted({ email })}` };
    const exportOn = (app: App) => app.inject({ method: 'GET', url: '/api/v1/me/export', headers });
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) expect((await exportOn(apps[i % 2]!)).statusCode).toBe(200);
    for (const app of apps) {
      const refused = await exportOn(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: TOO_MANY_EXPORTS });
    }
    const ttl = await redis.pttl(`${prefix}rate:quota:export:${user.id}`);
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });
});
