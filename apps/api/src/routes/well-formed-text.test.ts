import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { firstMalformedText, hasLoneSurrogate } from '../lib/well-formed-text.ts';
import { createScene, fingerprint, send, type Call, type Scene } from '../test/authorization-scene.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers } from '../test/tokens.ts';

// JSON text for `body` with `field` set to a string holding a lone high surrogate, written as the
// escape a client would send ("\ud800"): JSON.stringify would never produce it from a string.
function withLoneSurrogate(body: Record<string, unknown>, field: string): string {
  return JSON.stringify({ ...body, [field]: 'Before-SURROGATE-after' }).replace('SURROGATE', '\\ud800');
}

describeEachDatabase('text fields refuse a lone UTF-16 surrogate', (getDatabase) => {
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

  type Case = {
    who: () => Scene['member'];
    call: () => Omit<Call, 'payload'>;
    body: () => Record<string, unknown>;
    fields: string[];
  };
  const cases: Record<string, Case> = {
    'a check-in': {
      who: () => scene.member,
      call: () => ({ method: 'POST', url: `/api/v1/habits/${scene.firstHabit.id}/log` }),
      body: () => ({ log_type: 'completed', note: 'Went well' }),
      fields: ['note'],
    },
    'a new goal': {
      who: () => scene.leader,
      call: () => ({ method: 'POST', url: `/api/v1/organizational/goals?program_id=${scene.programmeId}` }),
      body: () => ({ title: 'Grow', description: 'More', sequence_order: 3 }),
      fields: ['title', 'description'],
    },
    'a changed goal': {
      who: () => scene.leader,
      call: () => ({ method: 'PUT', url: `/api/v1/organizational/goals/${scene.goal.id}` }),
      body: () => ({ title: 'Grow', description: 'More', sequence_order: 1 }),
      fields: ['title', 'description'],
    },
    'a new department': {
      who: () => scene.teamLeader,
      call: () => ({ method: 'POST', url: '/api/v1/organizational/departments' }),
      body: () => ({
        program_id: scene.programmeId,
        description: 'Support',
        selected_team_id: scene.freeTeam.id,
        organizational_goal_ids: [scene.goal.id],
      }),
      fields: ['description'],
    },
    'a new KPI': {
      who: () => scene.teamLeader,
      call: () => ({ method: 'POST', url: '/api/v1/organizational/department-kpis' }),
      body: () => ({
        department_id: scene.department.id,
        organizational_goal_id: scene.goal.id,
        title: 'NPS',
        description: 'Up',
      }),
      fields: ['title', 'description'],
    },
    'a changed KPI': {
      who: () => scene.teamLeader,
      call: () => ({ method: 'PUT', url: `/api/v1/organizational/department-kpis/${scene.kpi.id}` }),
      body: () => ({
        department_id: scene.department.id,
        organizational_goal_id: scene.goal.id,
        title: 'NPS',
        description: 'Up',
      }),
      fields: ['title', 'description'],
    },
    'an endorsement': {
      who: () => scene.member,
      call: () => ({ method: 'POST', url: '/api/v1/social/endorsements' }),
      body: () => ({ endorsed_user_id: scene.mate.id, message: 'Great work' }),
      fields: ['message'],
    },
  };

  for (const [name, { who, call, body, fields }] of Object.entries(cases)) {
    for (const field of fields) {
      it(`${name}: ${field} is refused with 400 naming it, and nothing is written`, async () => {
        const before = await fingerprint(getDatabase().db);
        const answer = await send(app)(who(), { ...call(), payload: withLoneSurrogate(body(), field) });
        expect(answer.status).toBe(400);
        expect(answer.body.detail).toBe(
          `Invalid request: body.${field} must be valid Unicode text (it holds an unpaired surrogate such as \\ud800)`,
        );
        expect(answer.body.errors).toEqual([{ field: `body.${field}`, message: expect.any(String) }]);
        expect(await fingerprint(getDatabase().db)).toEqual(before);
      });
    }
  }

  it('still stores text with characters outside the basic plane (a surrogate pair) as written', async () => {
    const note = 'Went well \ud83c\udf89 (a party popper)';
    const answer = await send(app)(scene.mate, {
      method: 'POST',
      url: `/api/v1/habits/${scene.firstHabit.id}/log`,
      payload: { log_type: 'completed', note },
    });
    expect(answer.status).toBeLessThan(300);
    const today = await send(app)(scene.mate, {
      method: 'GET',
      url: `/api/v1/habits/${scene.firstHabit.id}/log/today`,
    });
    expect(today.body.log.note).toBe(note);
  });
});

describe('firstMalformedText', () => {
  it('names the first string, in values or keys at any depth, that holds a lone surrogate', () => {
    expect(hasLoneSurrogate('a\ud800')).toBe(true);
    expect(hasLoneSurrogate('\udc00a')).toBe(true);
    expect(hasLoneSurrogate('\ud83c\udf89')).toBe(false);
    expect(firstMalformedText({ a: ['ok', { b: 'x\udfff' }] }, 'body')).toBe('body.a.1.b');
    expect(firstMalformedText({ ['k\ud800']: 1 }, 'body')).toBe('body.k\ud800');
    expect(firstMalformedText({ a: 1, b: null, c: ['fine'] }, 'body')).toBeNull();
  });
});
