import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { DEMO_UNSUBSCRIBE_SECRET } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { programmeYaml } from '../imports/testing/fixtures.ts';
import { signUnsubscribeToken } from '../lib/unsubscribe-token.ts';
import {
  createScene,
  documentedOperations,
  fingerprint,
  send,
  type Call,
  type Scene,
} from '../test/authorization-scene.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import type { Member } from '../test/world.ts';

// OWASP API3 (object property level): a body may carry only the fields its operation documents.
// Any other field — one that would pick the role, the owner, the organisation, the id or a
// timestamp, or one that targets the prototype — is refused with 400 before anything is written.

type BodyOperation = {
  // The caller who may do it, and a body that succeeds: so a refusal below is about the extra field.
  who: (s: Scene) => Member;
  url: (s: Scene) => string;
  body: (s: Scene) => Record<string, unknown>;
  // Fields the operation documents whose names are among the extras below (an administrator sets
  // a person's role and right): for this operation they are not extra, so they are not sent as such.
  documents?: string[];
};

const v1 = '/api/v1';
const unsubscribeUrl = (userId: string) =>
  `${v1}/notifications/unsubscribe?token=${signUnsubscribeToken({ secret: DEMO_UNSUBSCRIBE_SECRET, userId, kind: 'daily_reminder' })}`;
const bodyOperations: Record<string, BodyOperation> = {
  'POST /api/v1/auth/accept-terms': {
    who: (s) => s.member,
    url: () => `${v1}/auth/accept-terms`,
    body: () => ({ accept_terms: true, accept_privacy: true }),
  },
  'POST /api/v1/habits/select': {
    who: (s) => s.member,
    url: () => `${v1}/habits/select`,
    body: (s) => ({ habit_id: s.secondHabit.id }),
  },
  'POST /api/v1/habits/{habitId}/log': {
    who: (s) => s.member,
    url: (s) => `${v1}/habits/${s.memberUserHabitId}/log`,
    body: () => ({ log_type: 'completed', note: 'Went well' }),
  },
  'POST /api/v1/habits/{userHabitId}/pauses': {
    who: (s) => s.member,
    url: (s) => `${v1}/habits/${s.memberUserHabitId}/pauses`,
    body: () => ({ from: '2026-05-02', to: '2026-05-03' }),
  },
  'POST /api/v1/mood/': {
    who: (s) => s.member,
    url: () => `${v1}/mood/`,
    body: () => ({ mood_value: 5 }),
  },
  'POST /api/v1/social/endorsements': {
    who: (s) => s.member,
    url: () => `${v1}/social/endorsements`,
    body: (s) => ({ endorsed_user_id: s.mate.id, message: 'Great listening today' }),
  },
  'PUT /api/v1/social/endorsements/received/seen': {
    who: (s) => s.member,
    url: () => `${v1}/social/endorsements/received/seen`,
    body: (s) => ({ newest_seen_id: s.endorsementOfMemberId }),
  },
  'PUT /api/v1/me/notification-preferences': {
    who: (s) => s.member,
    url: () => `${v1}/me/notification-preferences`,
    body: () => ({ daily_reminder: { enabled: true, time: '08:00' }, weekly_summary: { enabled: false } }),
  },
  'PUT /api/v1/me/locale': {
    who: (s) => s.member,
    url: () => `${v1}/me/locale`,
    body: () => ({ locale: 'de-DE' }),
  },
  // No sign-in needed: the signed token in the query is the authority.
  'POST /api/v1/notifications/unsubscribe': {
    who: (s) => s.member,
    url: (s) => unsubscribeUrl(s.member.id),
    body: () => ({ 'List-Unsubscribe': 'One-Click' }),
  },
  'POST /api/v1/organizational/goals/': {
    who: (s) => s.leader,
    url: (s) => `${v1}/organizational/goals?program_id=${s.programmeId}`,
    body: () => ({ title: 'Delight customers', description: 'Every week', sequence_order: 3 }),
  },
  'PUT /api/v1/organizational/goals/{id}': {
    who: (s) => s.leader,
    url: (s) => `${v1}/organizational/goals/${s.goal.id}`,
    body: () => ({ title: 'Grow faster', sequence_order: 1 }),
  },
  'POST /api/v1/organizational/departments/': {
    who: (s) => s.teamLeader,
    url: () => `${v1}/organizational/departments`,
    body: (s) => ({ program_id: s.programmeId, selected_team_id: s.freeTeam.id, organizational_goal_ids: [s.goal.id] }),
  },
  'POST /api/v1/organizational/department-kpis/': {
    who: (s) => s.teamLeader,
    url: () => `${v1}/organizational/department-kpis`,
    body: (s) => ({ department_id: s.department.id, organizational_goal_id: s.secondGoal.id, title: 'NPS' }),
  },
  'PUT /api/v1/organizational/department-kpis/{id}/target': {
    who: (s) => s.teamLeader,
    url: (s) => `${v1}/organizational/department-kpis/${s.kpi.id}/target`,
    body: () => ({ unit: '%', baseline: 1, target: 2 }),
  },
  'POST /api/v1/organizational/department-kpis/{id}/measurements': {
    who: (s) => s.teamLeader,
    url: (s) => `${v1}/organizational/department-kpis/${s.kpi.id}/measurements`,
    body: () => ({ value: 3, measured_on: '2026-01-20' }),
  },
  'PUT /api/v1/organizational/department-kpis/{id}/measurements/{measurementId}': {
    who: (s) => s.teamLeader,
    url: (s) => `${v1}/organizational/department-kpis/${s.kpi.id}/measurements/${s.measurementId}`,
    body: () => ({ value: 4, measured_on: '2026-01-21' }),
  },
  'PUT /api/v1/organizational/department-kpis/{id}': {
    who: (s) => s.teamLeader,
    url: (s) => `${v1}/organizational/department-kpis/${s.kpi.id}`,
    body: (s) => ({ department_id: s.department.id, organizational_goal_id: s.goal.id, title: 'Net retention' }),
  },
  'POST /api/v1/admin/people/': {
    who: (s) => s.admin,
    url: () => `${v1}/admin/people`,
    body: (s) => ({ email: `invited-${s.mate.id.slice(0, 8)}@${s.world.domain}`, full_name: 'Invited Person' }),
    documents: ['role', 'is_admin'],
  },
  'PATCH /api/v1/admin/people/{id}': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/people/${s.mate.id}`,
    body: () => ({ job_title: 'Coach' }),
    documents: ['role', 'is_admin'],
  },
  'POST /api/v1/admin/people/imports': {
    who: (s) => s.admin,
    url: () => `${v1}/admin/people/imports`,
    body: (s) => ({ format: 'csv', source: `email,full_name\n${s.mate.email},Mate\n`, dry_run: true }),
  },
  // The console's cohorts, content and settings (issue 21).
  'POST /api/v1/admin/cohorts/': {
    who: (s) => s.admin,
    url: () => `${v1}/admin/cohorts`,
    body: (s) => ({ name: `Cohort ${s.mate.id.slice(0, 8)}`, programme_id: s.programmeId }),
    documents: ['programme_id'],
  },
  'PATCH /api/v1/admin/cohorts/{id}': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/cohorts/${s.secondCohort.id}`,
    body: () => ({ name: 'Second cohort, renamed' }),
    documents: ['programme_id'],
  },
  'POST /api/v1/admin/cohorts/{id}/members': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/cohorts/${s.world.cohort.id}/members`,
    body: (s) => ({ user_ids: [s.mate.id] }),
  },
  'PATCH /api/v1/admin/programmes/{id}': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/programmes/${s.programmeId}`,
    body: () => ({ description: 'Small daily habits, edited' }),
  },
  'POST /api/v1/admin/programmes/imports': {
    who: (s) => s.admin,
    url: () => `${v1}/admin/programmes/imports`,
    body: (s) => ({ source: programmeYaml(s.world.organisation.slug), dry_run: true }),
  },
  'PATCH /api/v1/admin/modules/{id}': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/modules/${s.firstModuleId}`,
    body: () => ({ name: 'Module 1: Listening' }),
  },
  'PATCH /api/v1/admin/behaviours/{id}': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/behaviours/${s.world.behaviours[0]!.id}`,
    body: () => ({ description: 'Hear people out, edited' }),
  },
  'POST /api/v1/admin/behaviours/{id}/habits': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/behaviours/${s.world.behaviours[0]!.id}/habits`,
    body: () => ({ name: 'Summarise what you heard', difficulty: 'easy', estimated_time_minutes: 5 }),
  },
  'PATCH /api/v1/admin/habits/{id}': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/habits/${s.secondHabit.id}`,
    body: () => ({ tips: ['Start with one'] }),
  },
  'PATCH /api/v1/admin/positive-changes/{id}': {
    who: (s) => s.admin,
    url: (s) => `${v1}/admin/positive-changes/${s.firstHabitChangeId}`,
    body: () => ({ category: 'People' }),
  },
  'PUT /api/v1/admin/settings/': {
    who: (s) => s.admin,
    url: () => `${v1}/admin/settings`,
    body: (s) => ({ azure_tenant_ids: [s.world.tenant], email_domains: [s.world.domain], default_cohort_id: null }),
  },
  'PUT /api/v1/admin/settings/retention': {
    who: (s) => s.admin,
    url: () => `${v1}/admin/settings/retention`,
    body: () => ({ retention_days: 365 }),
  },
  'PUT /api/v1/admin/settings/default-locale': {
    who: (s) => s.admin,
    url: () => `${v1}/admin/settings/default-locale`,
    body: () => ({ default_locale: 'fr-FR' }),
  },
};

// Extra fields as raw JSON members, so "__proto__" and "constructor" reach the server as keys.
const extras = (s: Scene, foreign: Scene): [string, string][] => [
  ['role', '"leader"'],
  ['is_admin', 'true'],
  ['userId', JSON.stringify(s.mate.id)],
  ['user_id', JSON.stringify(s.mate.id)],
  ['endorser_id', JSON.stringify(s.mate.id)],
  ['organisationId', JSON.stringify(foreign.organisationId)],
  ['organisation_id', JSON.stringify(foreign.organisationId)],
  ['organization_id', JSON.stringify(foreign.organisationId)],
  ['programme_id', JSON.stringify(foreign.programmeId)],
  ['id', JSON.stringify(foreign.goal.id)],
  ['createdAt', '"2020-01-01T00:00:00.000Z"'],
  ['created_at', '"2020-01-01T00:00:00.000Z"'],
  ['completed_at', '"2020-01-01T00:00:00.000Z"'],
  ['status', '"completed"'],
  ['__proto__', '{"role":"leader","isAdmin":true}'],
  ['constructor', '{"prototype":{"role":"leader","isAdmin":true}}'],
];

function withExtra(body: Record<string, unknown>, name: string, value: string): string {
  const json = JSON.stringify(body);
  return `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}${JSON.stringify(name)}:${value}}`;
}

describeEachDatabase('mass assignment: unknown body fields are refused', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let scene: Scene;
  let foreign: Scene;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      now: () => new Date('2026-05-01T09:00:00Z'),
      config: { rateLimitPerMinute: 100_000 },
    });
    scene = await createScene(app, getDatabase().db, issuers);
    foreign = await createScene(app, getDatabase().db, issuers);
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('has a case for every documented operation that takes a body', () => {
    const withBody = documentedOperations(app)
      .filter((o) => o.hasBody)
      .map((o) => o.key);
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    expect(withBody.sort()).toEqual(Object.keys(bodyOperations).sort());
  });

  for (const [key, operation] of Object.entries(bodyOperations)) {
    it(`${key} refuses every unknown field with 400 and writes nothing, and accepts the clean body`, async () => {
      const db = getDatabase().db;
      const method = key.split(' ')[0] as Call['method'];
      const who = operation.who(scene);
      const url = operation.url(scene);
      const body = operation.body(scene);
      const before = await fingerprint(db);
      for (const [name, value] of extras(scene, foreign).filter(([n]) => !operation.documents?.includes(n))) {
        const answer = await send(app)(who, { method, url, payload: withExtra(body, name, value) });
        const label = `${key} with ${name}: ${JSON.stringify(answer.body)}`;
        expect(answer.status, label).toBe(400);
        expect(answer.body.detail, label).toEqual(expect.any(String));
        expect(answer.body.detail.length, label).toBeGreaterThan(10);
      }
      expect(await fingerprint(db), `${key} wrote something for a refused body`).toEqual(before);
      // Nothing leaked onto the prototype of plain objects in this process either.
      expect(({} as Record<string, unknown>).role).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();

      const clean = await send(app)(who, { method, url, payload: JSON.stringify(body) });
      expect(clean.status, `${key} clean body: ${JSON.stringify(clean.body)}`).toBeLessThan(300);
    });
  }

  it('a member who sends role: leader is still a member, and cannot act as the leader', async () => {
    const db = getDatabase().db;
    const attempt = await send(app)(scene.member, {
      method: 'POST',
      url: `${v1}/auth/accept-terms`,
      payload: withExtra({ accept_terms: true, accept_privacy: true }, 'role', '"leader"'),
    });
    expect(attempt.status).toBe(400);
    const [row] = await db.select().from(users).where(eq(users.id, scene.member.id));
    expect(row!.role).toBe('member');
    const asLeader = await send(app)(scene.member, {
      method: 'POST',
      url: `${v1}/organizational/goals?program_id=${scene.programmeId}`,
      payload: withExtra({ title: 'Mine', sequence_order: 0 }, 'role', '"leader"'),
    });
    expect(asLeader.status).toBe(400);
    const me = await send(app)(scene.member, { method: 'GET', url: `${v1}/auth/me` });
    expect(me.body.role).toBe('member');
  });
});
