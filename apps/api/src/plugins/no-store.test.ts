import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createScene, documentedOperations, type Scene } from '../test/authorization-scene.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers } from '../test/tokens.ts';

// Path parameters of the scene's own rows, so signed-in calls reach their handlers.
function urlOf(path: string, scene: Scene): string {
  const ids: Record<string, string> = {
    habitId: scene.firstHabit.id,
    userHabitId: scene.memberUserHabitId,
    id: scene.goal.id,
  };
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name] ?? scene.programmeId);
  return path.includes('/organizational/') ? `${filled}?program_id=${scene.programmeId}` : filled;
}

describeEachDatabase('no /api/v1 answer may be kept by a cache', (getDatabase) => {
  let app: App;
  let scene: Scene;
  beforeAll(async () => {
    const issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, config: { rateLimitPerMinute: 100_000 } });
    scene = await createScene(app, getDatabase().db, issuers);
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it('sends Cache-Control: no-store on every documented operation, signed in or not', async () => {
    const operations = documentedOperations(app).filter(({ key }) => key.includes(' /api/v1/'));
    expect(operations.length).toBeGreaterThanOrEqual(25);
    const missing: string[] = [];
    const statuses = new Set<number>();
    for (const { key, hasBody } of operations) {
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      for (const headers of [scene.leader.headers, scene.member.headers, {}]) {
        const response = await app.inject({
          method,
          url: urlOf(path, scene),
          headers,
          ...(hasBody ? { payload: {} } : {}),
        });
        statuses.add(response.statusCode);
        if (response.headers['cache-control'] !== 'no-store') missing.push(`${key} → ${response.statusCode}`);
      }
    }
    expect(missing).toEqual([]);
    // Successes and refusals alike were checked.
    expect([...statuses].some((status) => status < 300)).toBe(true);
    expect(statuses).toContain(401);
  });

  it('sends it on unknown API paths and on rate-limit refusals too', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/nope', headers: scene.member.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const limited = await createTestApp(getDatabase(), { config: { rateLimitPerMinute: 1 } });
    try {
      const refusals = [];
      for (let i = 0; i < 3; i++) refusals.push(await limited.inject({ method: 'GET', url: '/api/v1/auth/me' }));
      expect(refusals.map((r) => r.statusCode)).toEqual([401, 429, 429]);
      for (const refusal of refusals) expect(refusal.headers['cache-control']).toBe('no-store');
    } finally {
      await limited.close();
    }
  });

  it('leaves the web app and health checks to their own caching rules', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['cache-control']).not.toBe('no-store');
  });
});
