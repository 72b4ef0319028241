import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { DEMO_UNSUBSCRIBE_SECRET } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  endorsements,
  endorsementsSeen,
  habitLogs,
  habitPauses,
  moodEntries,
  notificationPreferences,
  userHabits,
  users,
} from '../db/schema/index.ts';
import {
  createOutsiders,
  createScene,
  documentedOperations,
  fingerprint,
  peopleOf,
  roles,
  send,
  type Answer,
  type Call,
  type AdminRole,
  type BaseRole,
  type Role,
  type Scene,
} from '../test/authorization-scene.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import type { Member } from '../test/world.ts';
import { signUnsubscribeToken } from '../lib/unsubscribe-token.ts';
import { programmeYaml } from '../imports/testing/fixtures.ts';

// OWASP API1 (object level) and API5 (function level): every documented operation, called by every
// kind of caller, answers exactly what this table says. A refusal writes nothing anywhere, and so
// does every read. An operation missing from the table fails the first test.

type Context = { db: Db; scene: Scene; foreign: Scene; caller: Member; role: Role };
type Check = (body: any, context: Context) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
type Outcome = number | [status: number, check: Check];
type Entry = {
  call: (scene: Scene) => Omit<Call, 'method'>;
  // Every operation states the answer for every caller but the administrators, who are stated where
  // the right matters (the console's operations, insights); elsewhere an administrator is whatever
  // their programme role makes them, as the member, leader and team-leader rows already show.
  expected: Record<BaseRole, Outcome> & Partial<Record<AdminRole, Outcome>>;
  // The only tables a successful call may change (none when absent).
  touches?: string[];
};

const v1 = '/api/v1';
const org = `${v1}/organizational`;
const inScene = (roleOutcome: Outcome, elsewhere: Outcome): Record<BaseRole, Outcome> => ({
  member: roleOutcome,
  leader: roleOutcome,
  teamLeader: roleOutcome,
  otherTeamLeader: roleOutcome,
  otherCohort: elsewhere,
  foreignLeader: elsewhere,
  foreignTeamLeader: elsewhere,
});
const everyone = (outcome: Outcome): Record<Role, Outcome> => ({
  ...inScene(outcome, outcome),
  admin: outcome,
  foreignAdmin: outcome,
});
// The organisation's own people with the given answers; anyone from another organisation: 404
// (an administrator of another organisation too, when the administrators are stated).
const organisation = (
  answers: Record<Exclude<BaseRole, 'foreignLeader' | 'foreignTeamLeader'>, Outcome> & { admin?: Outcome },
) => ({
  ...answers,
  foreignLeader: 404,
  foreignTeamLeader: 404,
  ...(answers.admin === undefined ? {} : { foreignAdmin: 404 }),
});
// The administration console (issue 21): the organisation's administrators only; everyone else
// 403, another organisation's administrator 404 (ids) or their own organisation's data.
const adminsOnly = (admin: Outcome, foreignAdmin: Outcome = 404): Record<Role, Outcome> => ({
  member: 403,
  leader: 403,
  teamLeader: 403,
  otherTeamLeader: 403,
  otherCohort: 403,
  admin,
  foreignLeader: 403,
  foreignTeamLeader: 403,
  foreignAdmin,
});
const roleOf: Record<Role, string> = {
  member: 'member',
  leader: 'leader',
  teamLeader: 'team_leader',
  otherTeamLeader: 'team_leader',
  otherCohort: 'member',
  admin: 'member',
  foreignLeader: 'leader',
  foreignTeamLeader: 'team_leader',
  foreignAdmin: 'member',
};
const sceneOf = (c: Context) => (c.role.startsWith('foreign') ? c.foreign : c.scene);
const programmeOf = (c: Context) => (c.role === 'otherCohort' ? c.scene.secondProgramme.id : sceneOf(c).programmeId);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const userIds = (rows: { user: { id: string } }[]) => rows.map((r) => r.user.id);

const unsubscribeUrl = (userId: string, kind: 'daily_reminder' | 'weekly_summary') =>
  `${v1}/notifications/unsubscribe?token=${signUnsubscribeToken({ secret: DEMO_UNSUBSCRIBE_SECRET, userId, kind })}`;

const goalsListed: Outcome = [200, (b, c) => expect(ids(b)).toEqual([c.scene.goal.id, c.scene.secondGoal.id])];

async function ownRows<T extends { userId: string }>(rows: T[], c: Context) {
  expect(rows.length, `${c.role} wrote a row`).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([c.caller.id]));
}

const matrix: Record<string, Entry> = {
  'GET /healthz': { call: () => ({ url: '/healthz' }), expected: everyone(200) },
  'GET /readyz': {
    call: () => ({ url: '/readyz' }),
    expected: everyone([200, (b) => expect(b).toEqual({ status: 'ready' })]),
  },
  'GET /config.json': { call: () => ({ url: '/config.json' }), expected: everyone(200) },
  'GET /api/v1/auth/me': {
    call: () => ({ url: `${v1}/auth/me` }),
    expected: everyone([200, (b, c) => expect(b).toMatchObject({ id: c.caller.id, role: roleOf[c.role] })]),
  },
  'GET /api/v1/auth/user-flow-status': {
    call: () => ({ url: `${v1}/auth/user-flow-status` }),
    expected: everyone([200, (b, c) => expect(b.role).toBe(roleOf[c.role])]),
  },
  'POST /api/v1/auth/accept-terms': {
    touches: ['users', 'insight_member_weeks', 'insight_group_weeks', 'insight_members', 'insight_dirty'],
    call: () => ({ url: `${v1}/auth/accept-terms`, payload: { accept_terms: true, accept_privacy: true } }),
    expected: everyone([
      200,
      async (b, c) => {
        expect(b.has_accepted_terms).toBe(true);
        const [row] = await c.db.select().from(users).where(eq(users.id, c.caller.id));
        expect(row!.termsAcceptedAt?.toISOString()).toBe(b.accepted_at);
      },
    ]),
  },
  'POST /api/v1/auth/reset-user-data': {
    touches: [
      'users',
      'user_habits',
      'habit_logs',
      'habit_pauses',
      'mood_entries',
      'cohort_standings_stripes',
      'member_activity',
      'insight_member_weeks',
      'insight_group_weeks',
      'insight_members',
      'insight_dirty',
    ],
    call: () => ({ url: `${v1}/auth/reset-user-data` }),
    expected: everyone([
      200,
      async (b, c) => {
        expect(b.removed.habits).toBe(c.role === 'member' ? 1 : 0);
        // The cohort mate's habit is never anyone else's to reset.
        const mates = await c.db
          .select()
          .from(userHabits)
          .where(and(eq(userHabits.userId, c.scene.mate.id), eq(userHabits.status, 'active')));
        expect(mates).toHaveLength(1);
      },
    ]),
  },
  'GET /api/v1/auth/simple-test': {
    call: () => ({ url: `${v1}/auth/simple-test` }),
    expected: everyone([200, (b, c) => expect(b.user_id).toBe(c.caller.id)]),
  },
  'GET /api/v1/auth/debug-token': {
    call: () => ({ url: `${v1}/auth/debug-token` }),
    expected: everyone([200, (b, c) => expect(b.email).toBe(c.caller.email)]),
  },
  'GET /api/v1/programmes/current': {
    call: () => ({ url: `${v1}/programmes/current` }),
    // The administrators of the scenes are in no cohort, hence in no programme yet.
    expected: { ...everyone([200, (b, c) => expect(b.id).toBe(programmeOf(c))]), admin: 404, foreignAdmin: 404 },
  },
  'GET /api/v1/programmes/{id}/behaviours': {
    call: (s) => ({ url: `${v1}/programmes/${s.programmeId}/behaviours` }),
    expected: inScene([200, (b, c) => expect(ids(b)).toEqual(ids(c.scene.world.behaviours))], 404),
  },
  'GET /api/v1/habits/': {
    call: () => ({ url: `${v1}/habits/` }),
    expected: everyone([
      200,
      (b, c) => {
        const listed = JSON.stringify(b);
        const own = sceneOf(c).firstHabit.id;
        const theirs = (c.role.startsWith('foreign') ? c.scene : c.foreign).firstHabit.id;
        expect(listed).toContain(own);
        expect(listed).not.toContain(theirs);
      },
    ]),
  },
  'GET /api/v1/habits/my-active': {
    call: () => ({ url: `${v1}/habits/my-active` }),
    expected: everyone([200, (b, c) => expect(ids(b)).toEqual(c.role === 'member' ? [c.scene.memberUserHabitId] : [])]),
  },
  'POST /api/v1/habits/select': {
    touches: [
      'user_habits',
      'cohort_standings_stripes',
      'member_activity',
      'insight_member_weeks',
      'insight_group_weeks',
      'insight_members',
      'insight_dirty',
    ],
    call: (s) => ({ url: `${v1}/habits/select`, payload: { habit_id: s.secondHabit.id } }),
    expected: inScene(
      [
        201,
        async (b, c) => {
          expect(b.habit.id).toBe(c.scene.secondHabit.id);
          await ownRows(await c.db.select().from(userHabits).where(eq(userHabits.id, b.id)), c);
        },
      ],
      404,
    ),
  },
  'GET /api/v1/habits/{habitId}/log/today': {
    call: (s) => ({ url: `${v1}/habits/${s.memberUserHabitId}/log/today` }),
    expected: {
      ...everyone(404),
      member: [200, (b, c) => expect(b.user_habit_id).toBe(c.scene.memberUserHabitId)],
    },
  },
  'POST /api/v1/habits/{habitId}/log': {
    // The check-in's habit keeps its progress (migration 0004).
    touches: [
      'habit_logs',
      'user_habits',
      'cohort_standings_stripes',
      'member_activity',
      'insight_member_weeks',
      'insight_group_weeks',
      'insight_members',
      'insight_dirty',
    ],
    call: (s) => ({ url: `${v1}/habits/${s.memberUserHabitId}/log`, payload: { log_type: 'completed' } }),
    expected: {
      ...everyone(404),
      member: [
        201,
        async (b, c) => {
          expect(b.user_habit_id).toBe(c.scene.memberUserHabitId);
          const logs = await c.db.select().from(habitLogs).where(eq(habitLogs.id, b.id));
          expect(logs).toHaveLength(1);
        },
      ],
    },
  },
  // The member's journey with one habit: only the member's own user habit (decision 014).
  'GET /api/v1/habits/completed': {
    call: () => ({ url: `${v1}/habits/completed` }),
    expected: everyone([200, (b) => expect(b).toEqual([])]),
  },
  'GET /api/v1/habits/{userHabitId}/history': {
    call: (s) => ({ url: `${v1}/habits/${s.memberUserHabitId}/history` }),
    expected: {
      ...everyone(404),
      member: [
        200,
        (b, c) => {
          expect(b).toMatchObject({ user_habit_id: c.scene.memberUserHabitId, status: 'active', paused_days: 2 });
          expect(b.pauses.map((p: { id: string }) => p.id)).toEqual([c.scene.memberPauseId]);
        },
      ],
    },
  },
  'POST /api/v1/habits/{userHabitId}/pauses': {
    // The habit's paused days and frame end (migration 0010), and the versions they raise.
    touches: [
      'habit_pauses',
      'user_habits',
      'cohort_standings_stripes',
      'member_activity',
      'insight_member_weeks',
      'insight_group_weeks',
    ],
    call: (s) => ({
      url: `${v1}/habits/${s.memberUserHabitId}/pauses`,
      payload: { from: '2026-05-02', to: '2026-05-03' },
    }),
    expected: {
      ...everyone(404),
      member: [
        201,
        async (b, c) => {
          expect(b).toMatchObject({ user_habit_id: c.scene.memberUserHabitId, from: '2026-05-02', to: '2026-05-03' });
          expect(await c.db.select().from(habitPauses).where(eq(habitPauses.id, b.id))).toHaveLength(1);
        },
      ],
    },
  },
  'DELETE /api/v1/habits/{userHabitId}/pauses/{id}': {
    touches: [
      'habit_pauses',
      'user_habits',
      'cohort_standings_stripes',
      'member_activity',
      'insight_member_weeks',
      'insight_group_weeks',
    ],
    call: (s) => ({ url: `${v1}/habits/${s.memberUserHabitId}/pauses/${s.memberPauseId}` }),
    expected: {
      ...everyone(404),
      member: [
        204,
        async (_b, c) =>
          expect(await c.db.select().from(habitPauses).where(eq(habitPauses.id, c.scene.memberPauseId))).toEqual([]),
      ],
    },
  },
  'POST /api/v1/habits/{userHabitId}/celebration': {
    call: (s) => ({ url: `${v1}/habits/${s.memberUserHabitId}/celebration` }),
    // The member's habit has only begun: nothing to celebrate yet. Anyone else: not found.
    expected: { ...everyone(404), member: 409 },
  },
  'GET /api/v1/dashboard/': {
    call: () => ({ url: `${v1}/dashboard/` }),
    expected: everyone([
      200,
      (b, c) => {
        expect(ids(b.active_habits)).toEqual(c.role === 'member' ? [c.scene.memberUserHabitId] : []);
        // An administrator in no cohort has no cohort to show.
        const cohortSize = c.role === 'otherCohort' ? 1 : 5;
        expect(b.team_widget?.member_count).toBe(c.role.endsWith('dmin') ? undefined : cohortSize);
      },
    ]),
  },
  'POST /api/v1/mood/': {
    touches: [
      'mood_entries',
      'member_activity',
      'insight_member_weeks',
      'insight_group_weeks',
      'insight_members',
      'insight_dirty',
    ],
    call: () => ({ url: `${v1}/mood/`, payload: { mood_value: 4 } }),
    expected: everyone([
      201,
      async (b, c) => {
        expect(b).toMatchObject({ mood_value: 4, skipped: false });
        await ownRows(await c.db.select().from(moodEntries).where(eq(moodEntries.userId, c.caller.id)), c);
      },
    ]),
  },
  'POST /api/v1/mood/skip': {
    touches: [
      'mood_entries',
      'member_activity',
      'insight_member_weeks',
      'insight_group_weeks',
      'insight_members',
      'insight_dirty',
    ],
    call: () => ({ url: `${v1}/mood/skip` }),
    expected: everyone([
      201,
      async (b, c) => {
        expect(b).toMatchObject({ mood_value: null, skipped: true });
        await ownRows(await c.db.select().from(moodEntries).where(eq(moodEntries.userId, c.caller.id)), c);
      },
    ]),
  },
  'GET /api/v1/social/cohort/members': {
    call: () => ({ url: `${v1}/social/cohort/members` }),
    expected: {
      ...everyone([
        200,
        (b, c) => {
          const listed = userIds(b);
          expect(listed).toContain(c.caller.id);
          const sameCohort = !c.role.startsWith('foreign') && c.role !== 'otherCohort';
          expect(listed.includes(c.scene.mate.id)).toBe(sameCohort);
          expect(listed.includes(c.foreign.mate.id)).toBe(c.role.startsWith('foreign'));
          if (c.role === 'otherCohort') expect(listed).toEqual([c.caller.id]);
        },
      ]),
      // An administrator in no cohort has no cohort mates to list.
      admin: 404,
      foreignAdmin: 404,
    },
  },
  'POST /api/v1/social/endorsements': {
    // member_activity: the endorsed member's dashboard counts endorsements (migration 0012).
    touches: [
      'endorsements',
      'cohort_standings_stripes',
      'member_activity',
      'insight_member_weeks',
      'insight_group_weeks',
      'insight_members',
      'insight_dirty',
    ],
    call: (s) => ({
      url: `${v1}/social/endorsements`,
      payload: { endorsed_user_id: s.mate.id, message: 'Thank you!' },
    }),
    expected: inScene(
      [
        201,
        async (b, c) => {
          expect(b.endorsed_user_id).toBe(c.scene.mate.id);
          const rows = await c.db.select().from(endorsements).where(eq(endorsements.id, b.id));
          expect(rows.map((r) => r.endorserId)).toEqual([c.caller.id]);
        },
      ],
      404,
    ),
  },
  // Endorsements received: only the member endorsed ever reads them or marks them seen.
  'GET /api/v1/social/endorsements/received': {
    call: () => ({ url: `${v1}/social/endorsements/received` }),
    expected: everyone([
      200,
      (b, c) => {
        const own = c.role === 'member';
        expect(ids(b.items)).toEqual(own ? [c.scene.endorsementOfMemberId] : []);
        expect(b.total).toBe(own ? 1 : 0);
      },
    ]),
  },
  'PUT /api/v1/social/endorsements/received/seen': {
    touches: ['endorsements_seen', 'member_activity'],
    call: (s) => ({
      url: `${v1}/social/endorsements/received/seen`,
      payload: { newest_seen_id: s.endorsementOfMemberId },
    }),
    expected: {
      ...everyone(404),
      member: [
        200,
        async (b, c) => {
          expect(b.new_since_last_visit).toBe(0);
          const [row] = await c.db.select().from(endorsementsSeen).where(eq(endorsementsSeen.userId, c.caller.id));
          expect(row?.seenAt.toISOString()).toBe(b.seen_at);
        },
      ],
    },
  },
  'GET /api/v1/me/export': {
    call: () => ({ url: `${v1}/me/export` }),
    expected: everyone([
      200,
      (b, c) => {
        expect(b.profile).toMatchObject({ id: c.caller.id, email: c.caller.email, role: roleOf[c.role] });
        const own = c.role === 'member';
        expect(ids(b.habits)).toEqual(own ? [sceneOf(c).memberUserHabitId] : []);
        expect(ids(b.endorsements_received)).toEqual(own ? [sceneOf(c).endorsementOfMemberId] : []);
      },
    ]),
  },
  // E-mail settings: always the caller's own.
  'GET /api/v1/me/notification-preferences': {
    call: () => ({ url: `${v1}/me/notification-preferences` }),
    expected: everyone([
      200,
      (b) => expect(b).toMatchObject({ daily_reminder: { enabled: false }, weekly_summary: { enabled: false } }),
    ]),
  },
  'PUT /api/v1/me/notification-preferences': {
    touches: ['notification_preferences'],
    call: () => ({
      url: `${v1}/me/notification-preferences`,
      payload: { daily_reminder: { enabled: true, time: '07:15' }, weekly_summary: { enabled: true } },
    }),
    expected: everyone([
      200,
      async (b, c) => {
        expect(b.daily_reminder).toEqual({ enabled: true, time: '07:15' });
        await ownRows(
          await c.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, c.caller.id)),
          c,
        );
      },
    ]),
  },
  // The language: always the caller's own choice (no id is taken).
  'PUT /api/v1/me/locale': {
    touches: ['users'],
    call: () => ({ url: `${v1}/me/locale`, payload: { locale: 'ja-JP' } }),
    expected: everyone([
      200,
      async (b, c) => {
        expect(b).toEqual({ locale: 'ja-JP', chosen_locale: 'ja-JP' });
        const [own] = await c.db.select({ locale: users.locale }).from(users).where(eq(users.id, c.caller.id));
        expect(own!.locale).toBe('ja-JP');
      },
    ]),
  },
  // The unsubscribe link needs no sign-in: its signed token, here the scene member's, is the only
  // authority, whoever sends it (a bearer token changes nothing).
  'GET /api/v1/notifications/unsubscribe': {
    call: (s) => ({ url: unsubscribeUrl(s.member.id, 'daily_reminder') }),
    expected: everyone([200, (b) => expect(b).toEqual({ kind: 'daily_reminder', subscribed: false })]),
  },
  'POST /api/v1/notifications/unsubscribe': {
    call: (s) => ({ url: unsubscribeUrl(s.member.id, 'weekly_summary'), payload: {} }),
    expected: everyone([200, (b) => expect(b).toEqual({ kind: 'weekly_summary', subscribed: false })]),
  },
  'GET /api/v1/organizational/goals/': {
    call: (s) => ({ url: `${org}/goals?program_id=${s.programmeId}` }),
    expected: organisation({
      member: goalsListed,
      leader: goalsListed,
      teamLeader: goalsListed,
      otherTeamLeader: goalsListed,
      otherCohort: goalsListed,
    }),
  },
  'GET /api/v1/organizational/goals/available': {
    call: (s) => ({ url: `${org}/goals/available?program_id=${s.programmeId}` }),
    expected: organisation({
      member: goalsListed,
      leader: goalsListed,
      teamLeader: goalsListed,
      otherTeamLeader: goalsListed,
      otherCohort: goalsListed,
    }),
  },
  'POST /api/v1/organizational/goals/': {
    touches: ['organizational_goals', 'email_outbox', 'audit_log'],
    call: (s) => ({
      url: `${org}/goals?program_id=${s.programmeId}`,
      payload: { title: 'Delight', description: 'Customers first', sequence_order: 3 },
    }),
    expected: organisation({ member: 403, leader: 201, teamLeader: 403, otherTeamLeader: 403, otherCohort: 403 }),
  },
  'PUT /api/v1/organizational/goals/{id}': {
    touches: ['organizational_goals', 'audit_log'],
    call: (s) => ({ url: `${org}/goals/${s.goal.id}`, payload: { title: 'Grow faster', sequence_order: 1 } }),
    expected: organisation({
      member: 403,
      leader: [200, (b, c) => expect(b).toMatchObject({ id: c.scene.goal.id, title: 'Grow faster' })],
      teamLeader: 403,
      otherTeamLeader: 403,
      otherCohort: 403,
    }),
  },
  'DELETE /api/v1/organizational/goals/{id}': {
    touches: ['organizational_goals', 'department_goals', 'department_kpis', 'audit_log'],
    call: (s) => ({ url: `${org}/goals/${s.secondGoal.id}` }),
    expected: organisation({ member: 403, leader: 204, teamLeader: 403, otherTeamLeader: 403, otherCohort: 403 }),
  },
  'GET /api/v1/organizational/departments/': {
    call: (s) => ({ url: `${org}/departments?program_id=${s.programmeId}` }),
    expected: organisation({
      member: 403,
      leader: [200, (b, c) => expect(ids(b)).toEqual([c.scene.department.id])],
      teamLeader: [200, (b, c) => expect(ids(b)).toEqual([c.scene.department.id])],
      // A team leader sees only the departments of the teams it manages.
      otherTeamLeader: [200, (b) => expect(b).toEqual([])],
      otherCohort: 403,
    }),
  },
  'POST /api/v1/organizational/departments/': {
    touches: ['departments', 'department_goals', 'audit_log'],
    call: (s) => ({
      url: `${org}/departments`,
      payload: { program_id: s.programmeId, selected_team_id: s.freeTeam.id, organizational_goal_ids: [s.goal.id] },
    }),
    expected: organisation({ member: 403, leader: 403, teamLeader: 201, otherTeamLeader: 403, otherCohort: 403 }),
  },
  'GET /api/v1/organizational/department-kpis/': {
    call: (s) => ({ url: `${org}/department-kpis?department_id=${s.department.id}` }),
    expected: organisation({
      member: 403,
      leader: [200, (b, c) => expect(ids(b)).toEqual([c.scene.kpi.id])],
      teamLeader: [200, (b, c) => expect(ids(b)).toEqual([c.scene.kpi.id])],
      otherTeamLeader: 403,
      otherCohort: 403,
    }),
  },
  'POST /api/v1/organizational/department-kpis/': {
    touches: ['department_kpis', 'department_goals', 'audit_log'],
    call: (s) => ({
      url: `${org}/department-kpis`,
      payload: { department_id: s.department.id, organizational_goal_id: s.secondGoal.id, title: 'NPS' },
    }),
    expected: organisation({ member: 403, leader: 403, teamLeader: 201, otherTeamLeader: 403, otherCohort: 403 }),
  },
  'PUT /api/v1/organizational/department-kpis/{id}': {
    touches: ['department_kpis', 'department_goals', 'audit_log'],
    call: (s) => ({
      url: `${org}/department-kpis/${s.kpi.id}`,
      payload: { department_id: s.department.id, organizational_goal_id: s.goal.id, title: 'Net retention' },
    }),
    expected: organisation({
      member: 403,
      leader: 403,
      teamLeader: [200, (b, c) => expect(b).toMatchObject({ id: c.scene.kpi.id, title: 'Net retention' })],
      otherTeamLeader: 403,
      otherCohort: 403,
    }),
  },
  'GET /api/v1/organizational/department-kpis/{id}/measurements': {
    call: (s) => ({ url: `${org}/department-kpis/${s.kpi.id}/measurements` }),
    expected: organisation({
      member: 403,
      leader: [200, (b, c) => expect(ids(b.measurements)).toEqual([c.scene.measurementId])],
      teamLeader: [200, (b, c) => expect(ids(b.measurements)).toEqual([c.scene.measurementId])],
      otherTeamLeader: 403,
      otherCohort: 403,
    }),
  },
  'PUT /api/v1/organizational/department-kpis/{id}/target': {
    touches: ['department_kpis', 'audit_log'],
    call: (s) => ({ url: `${org}/department-kpis/${s.kpi.id}/target`, payload: { unit: '%', baseline: 1, target: 2 } }),
    expected: organisation({
      member: 403,
      leader: 403,
      teamLeader: [200, (b) => expect(b).toMatchObject({ unit: '%', baseline: 1, target: 2 })],
      otherTeamLeader: 403,
      otherCohort: 403,
    }),
  },
  'POST /api/v1/organizational/department-kpis/{id}/measurements': {
    touches: ['kpi_measurements', 'audit_log'],
    call: (s) => ({
      url: `${org}/department-kpis/${s.kpi.id}/measurements`,
      payload: { value: 3, measured_on: '2026-01-20' },
    }),
    expected: organisation({ member: 403, leader: 403, teamLeader: 201, otherTeamLeader: 403, otherCohort: 403 }),
  },
  'PUT /api/v1/organizational/department-kpis/{id}/measurements/{measurementId}': {
    touches: ['kpi_measurements', 'audit_log'],
    call: (s) => ({
      url: `${org}/department-kpis/${s.kpi.id}/measurements/${s.measurementId}`,
      payload: { value: 4, measured_on: '2026-01-21' },
    }),
    expected: organisation({
      member: 403,
      leader: 403,
      teamLeader: [200, (b, c) => expect(b).toMatchObject({ id: c.scene.measurementId, value: 4 })],
      otherTeamLeader: 403,
      otherCohort: 403,
    }),
  },
  'DELETE /api/v1/organizational/department-kpis/{id}/measurements/{measurementId}': {
    touches: ['kpi_measurements', 'audit_log'],
    call: (s) => ({ url: `${org}/department-kpis/${s.kpi.id}/measurements/${s.measurementId}` }),
    expected: organisation({ member: 403, leader: 403, teamLeader: 204, otherTeamLeader: 403, otherCohort: 403 }),
  },
  // The console's cohorts, content, settings, SCIM tokens and audit log (issue 21).
  'GET /api/v1/admin/cohorts/': {
    call: () => ({ url: `${v1}/admin/cohorts` }),
    expected: adminsOnly(
      [
        200,
        (b, c) => expect(ids(b)).toEqual(expect.arrayContaining([c.scene.world.cohort.id, c.scene.secondCohort.id])),
      ],
      [200, (b, c) => expect(ids(b)).not.toContain(c.scene.world.cohort.id)],
    ),
  },
  'POST /api/v1/admin/cohorts/': {
    touches: ['cohorts', 'cohort_standings_stripes', 'audit_log', 'content_version'],
    call: (s) => ({ url: `${v1}/admin/cohorts`, payload: { name: 'Matrix cohort', programme_id: s.programmeId } }),
    expected: adminsOnly([201, (b) => expect(b).toMatchObject({ name: 'Matrix cohort', member_count: 0 })]),
  },
  'PATCH /api/v1/admin/cohorts/{id}': {
    touches: ['cohorts', 'audit_log', 'content_version'],
    call: (s) => ({ url: `${v1}/admin/cohorts/${s.secondCohort.id}`, payload: { name: 'Second cohort, renamed' } }),
    expected: adminsOnly([
      200,
      (b, c) => expect(b).toMatchObject({ id: c.scene.secondCohort.id, name: 'Second cohort, renamed' }),
    ]),
  },
  'POST /api/v1/admin/cohorts/{id}/members': {
    // Moving a member moves their standings, dashboard and insights bookkeeping (triggers).
    touches: [
      'cohort_members',
      'cohorts.standings_version',
      'cohort_standings_stripes',
      'member_activity',
      'insight_members',
      'audit_log',
    ],
    call: (s) => ({ url: `${v1}/admin/cohorts/${s.secondCohort.id}/members`, payload: { user_ids: [s.mate.id] } }),
    expected: adminsOnly([
      200,
      (b, c) => expect(b).toMatchObject({ moved: 1, cohort: { id: c.scene.secondCohort.id } }),
    ]),
  },
  'GET /api/v1/admin/programmes': {
    call: () => ({ url: `${v1}/admin/programmes` }),
    expected: adminsOnly(
      [
        200,
        (b, c) => expect(ids(b)).toEqual(expect.arrayContaining([c.scene.programmeId, c.scene.secondProgramme.id])),
      ],
      [200, (b, c) => expect(ids(b)).not.toContain(c.scene.programmeId)],
    ),
  },
  'GET /api/v1/admin/programmes/{id}': {
    call: (s) => ({ url: `${v1}/admin/programmes/${s.programmeId}` }),
    expected: adminsOnly([200, (b, c) => expect(b.id).toBe(c.scene.programmeId)]),
  },
  'PATCH /api/v1/admin/programmes/{id}': {
    touches: ['programmes', 'audit_log', 'content_version'],
    call: (s) => ({
      url: `${v1}/admin/programmes/${s.programmeId}`,
      payload: { description: 'Edited in the console' },
    }),
    expected: adminsOnly([200, (b) => expect(b.description).toBe('Edited in the console')]),
  },
  'POST /api/v1/admin/programmes/imports': {
    // A dry run: the preview is answered and nothing is kept.
    call: (s) => ({
      url: `${v1}/admin/programmes/imports`,
      payload: { source: programmeYaml(s.world.organisation.slug), dry_run: true },
    }),
    // The file names the scene's organisation: not the other administrator's (400, the problem).
    expected: adminsOnly([200, (b) => expect(b).toMatchObject({ dry_run: true, habits: { created: 3 } })], 400),
  },
  'PATCH /api/v1/admin/modules/{id}': {
    touches: ['modules', 'audit_log', 'content_version'],
    call: (s) => ({ url: `${v1}/admin/modules/${s.firstModuleId}`, payload: { name: 'Module 1: Listening' } }),
    expected: adminsOnly([
      200,
      (b, c) => expect(b).toMatchObject({ id: c.scene.firstModuleId, name: 'Module 1: Listening' }),
    ]),
  },
  'PATCH /api/v1/admin/behaviours/{id}': {
    touches: ['behaviours', 'audit_log', 'content_version'],
    call: (s) => ({ url: `${v1}/admin/behaviours/${s.world.behaviours[0]!.id}`, payload: { description: 'Edited' } }),
    expected: adminsOnly([200, (b) => expect(b.description).toBe('Edited')]),
  },
  'POST /api/v1/admin/behaviours/{id}/habits': {
    touches: ['habits', 'audit_log', 'content_version'],
    call: (s) => ({
      url: `${v1}/admin/behaviours/${s.world.behaviours[0]!.id}/habits`,
      payload: { name: 'Summarise what you heard', difficulty: 'easy', estimated_time_minutes: 5 },
    }),
    expected: adminsOnly([201, (b) => expect(b).toMatchObject({ name: 'Summarise what you heard', retired: false })]),
  },
  'PATCH /api/v1/admin/habits/{id}': {
    touches: ['habits', 'audit_log', 'content_version'],
    call: (s) => ({ url: `${v1}/admin/habits/${s.secondHabit.id}`, payload: { tips: ['Start with one'] } }),
    expected: adminsOnly([200, (b) => expect(b.tips).toEqual(['Start with one'])]),
  },
  'POST /api/v1/admin/habits/{id}/retire': {
    touches: ['habits', 'audit_log', 'content_version'],
    call: (s) => ({ url: `${v1}/admin/habits/${s.secondHabit.id}/retire` }),
    expected: adminsOnly([200, (b) => expect(b.retired).toBe(true)]),
  },
  'POST /api/v1/admin/habits/{id}/restore': {
    // The habit is offered already: answered as it is, nothing written.
    call: (s) => ({ url: `${v1}/admin/habits/${s.secondHabit.id}/restore` }),
    expected: adminsOnly([200, (b) => expect(b.retired).toBe(false)]),
  },
  'PATCH /api/v1/admin/positive-changes/{id}': {
    touches: ['positive_changes', 'audit_log', 'content_version'],
    call: (s) => ({ url: `${v1}/admin/positive-changes/${s.firstHabitChangeId}`, payload: { category: 'People' } }),
    expected: adminsOnly([200, (b) => expect(b.category).toBe('People')]),
  },
  'GET /api/v1/admin/settings/': {
    call: () => ({ url: `${v1}/admin/settings` }),
    expected: adminsOnly(
      [200, (b, c) => expect(b.organisation_id).toBe(c.scene.organisationId)],
      [200, (b, c) => expect(b.organisation_id).toBe(c.foreign.organisationId)],
    ),
  },
  'PUT /api/v1/admin/settings/': {
    touches: ['organisations', 'audit_log'],
    call: (s) => ({
      url: `${v1}/admin/settings`,
      payload: { azure_tenant_ids: [], email_domains: [s.world.domain], default_cohort_id: s.world.cohort.id },
    }),
    // Another organisation's administrator names a cohort not theirs: 404.
    expected: adminsOnly([200, (b, c) => expect(b.default_cohort_id).toBe(c.scene.world.cohort.id)]),
  },
  'PUT /api/v1/admin/settings/retention': {
    touches: ['organisations', 'audit_log'],
    call: () => ({ url: `${v1}/admin/settings/retention`, payload: { retention_days: 400 } }),
    // Each administrator sets their own organisation's retention.
    expected: adminsOnly(
      [200, (b, c) => expect(b).toMatchObject({ organisation_id: c.scene.organisationId, retention_days: 400 })],
      [
        200,
        (b, c) => {
          expect(b.retention_days).toBe(400);
          expect(b.organisation_id).not.toBe(c.scene.organisationId);
        },
      ],
    ),
  },
  'PUT /api/v1/admin/settings/default-locale': {
    touches: ['organisations', 'audit_log'],
    call: () => ({ url: `${v1}/admin/settings/default-locale`, payload: { default_locale: 'nl-NL' } }),
    // Each administrator sets their own organisation's default language.
    expected: adminsOnly(
      [200, (b, c) => expect(b).toMatchObject({ organisation_id: c.scene.organisationId, default_locale: 'nl-NL' })],
      [
        200,
        (b, c) => {
          expect(b.default_locale).toBe('nl-NL');
          expect(b.organisation_id).not.toBe(c.scene.organisationId);
        },
      ],
    ),
  },
  'GET /api/v1/admin/scim-tokens/': {
    call: () => ({ url: `${v1}/admin/scim-tokens` }),
    expected: adminsOnly(
      [200, (b, c) => expect(ids(b)).toEqual([c.scene.scimTokenId])],
      [200, (b, c) => expect(ids(b)).toEqual([c.foreign.scimTokenId])],
    ),
  },
  'POST /api/v1/admin/scim-tokens/': {
    touches: ['scim_tokens', 'audit_log'],
    call: () => ({ url: `${v1}/admin/scim-tokens` }),
    // Each administrator makes a token of their own organisation.
    expected: adminsOnly(
      [201, (b) => expect(b.token).toMatch(/^scim_/)],
      [201, (b) => expect(b.token).toMatch(/^scim_/)],
    ),
  },
  'POST /api/v1/admin/scim-tokens/{id}/revoke': {
    touches: ['scim_tokens', 'audit_log'],
    call: (s) => ({ url: `${v1}/admin/scim-tokens/${s.scimTokenId}/revoke` }),
    expected: adminsOnly([
      200,
      (b, c) => expect(b).toMatchObject({ id: c.scene.scimTokenId, revoked_at: expect.any(String) }),
    ]),
  },
  'GET /api/v1/admin/audit/': {
    call: () => ({ url: `${v1}/admin/audit?action=goal.create` }),
    expected: adminsOnly(
      [200, (b, c) => expect(b.entries.map((e: { entity_id: string }) => e.entity_id)).toContain(c.scene.goal.id)],
      [200, (b, c) => expect(b.entries.map((e: { entity_id: string }) => e.entity_id)).not.toContain(c.scene.goal.id)],
    ),
  },
  'GET /api/v1/admin/audit/export': {
    call: () => ({ url: `${v1}/admin/audit/export?action=goal.create` }),
    expected: adminsOnly(
      [200, (b, c) => expect(b).toContain(c.scene.goal.id)],
      [200, (b, c) => expect(b).not.toContain(c.scene.goal.id)],
    ),
  },
  'GET /api/v1/insights/': {
    // The read first applies the member-weeks written since the last read (migration 0013).
    touches: ['insight_member_weeks', 'insight_group_weeks', 'insight_dirty'],
    call: (s) => ({ url: `${v1}/insights?period=4w&department_id=${s.department.id}` }),
    expected: organisation({
      member: 403,
      leader: [200, (b, c) => expect(b.departments.map((d: { id: string }) => d.id)).toEqual([c.scene.department.id])],
      teamLeader: [
        200,
        (b, c) => expect(b.departments.map((d: { id: string }) => d.id)).toEqual([c.scene.department.id]),
      ],
      otherTeamLeader: 403,
      otherCohort: 403,
      // An administrator sees what the leader sees (docs/domain/insights.md#who-sees-what).
      admin: [200, (b, c) => expect(b.departments.map((d: { id: string }) => d.id)).toEqual([c.scene.department.id])],
    }),
  },
  // The console's People (issue 21). The person acted on is the cohort mate (a member with a habit,
  // who gave an endorsement): another organisation's administrator finds no such person (404).
  'GET /api/v1/admin/people/': {
    call: () => ({ url: `${v1}/admin/people?page_size=100` }),
    // Each administrator lists their own organisation's people, never the other's.
    expected: adminsOnly(
      [200, (b, c) => expect(ids(b.items)).toContain(c.scene.mate.id)],
      [200, (b, c) => expect(ids(b.items)).not.toContain(c.scene.mate.id)],
    ),
  },
  'GET /api/v1/admin/teams/': {
    call: () => ({ url: `${v1}/admin/teams` }),
    // Each administrator lists their own organisation's teams.
    expected: adminsOnly(
      [200, (b, c) => expect(ids(b)).toContain(c.scene.freeTeam.id)],
      [200, (b, c) => expect(ids(b)).not.toContain(c.scene.freeTeam.id)],
    ),
  },
  'GET /api/v1/admin/people/{id}': {
    call: (s) => ({ url: `${v1}/admin/people/${s.mate.id}` }),
    expected: adminsOnly([200, (b, c) => expect(b.id).toBe(c.scene.mate.id)]),
  },
  'POST /api/v1/admin/people/': {
    touches: ['users', 'email_outbox', 'audit_log'],
    // Into the scene's team: another organisation's administrator cannot place anyone there.
    call: (s) => ({
      url: `${v1}/admin/people`,
      payload: {
        email: `invited-${s.mate.id.slice(0, 8)}@${s.world.domain}`,
        full_name: 'Invited',
        team_id: s.freeTeam.id,
      },
    }),
    expected: adminsOnly([201, (b, c) => expect(b.team.id).toBe(c.scene.freeTeam.id)]),
  },
  'PATCH /api/v1/admin/people/{id}': {
    touches: ['users', 'audit_log', 'cohort_standings_stripes'],
    call: (s) => ({ url: `${v1}/admin/people/${s.mate.id}`, payload: { job_title: 'Coach', role: 'team_leader' } }),
    expected: adminsOnly([200, (b) => expect(b).toMatchObject({ job_title: 'Coach', role: 'team_leader' })]),
  },
  'POST /api/v1/admin/people/{id}/deactivate': {
    touches: [
      'users',
      'audit_log',
      'cohort_standings_stripes',
      'cohorts.standings_version',
      'insight_members',
      'insight_versions',
    ],
    call: (s) => ({ url: `${v1}/admin/people/${s.mate.id}/deactivate` }),
    expected: adminsOnly([200, (b) => expect(b.status).toBe('deactivated')]),
  },
  'POST /api/v1/admin/people/{id}/reactivate': {
    // The mate is active: reactivating them again is the idempotent answer, which writes nothing.
    call: (s) => ({ url: `${v1}/admin/people/${s.mate.id}/reactivate` }),
    expected: adminsOnly([200, (b) => expect(b.status).toBe('active')]),
  },
  'POST /api/v1/admin/people/{id}/erase': {
    touches: [
      'users',
      'identities',
      'endorsements',
      'audit_log',
      'cohort_standings_stripes',
      'cohorts.standings_version',
      'insight_members',
      'insight_versions',
    ],
    call: (s) => ({ url: `${v1}/admin/people/${s.mate.id}/erase` }),
    expected: adminsOnly([200, (b) => expect(b).toMatchObject({ full_name: 'Former member', erased: true })]),
  },
  'POST /api/v1/admin/people/imports': {
    touches: ['users', 'audit_log', 'cohort_standings_stripes'],
    // The mate's e-mail is another organisation's to its administrator: a problem of the file (400).
    call: (s) => ({
      url: `${v1}/admin/people/imports`,
      payload: { format: 'csv', source: `email,full_name\n${s.mate.email},Mate Renamed\n`, dry_run: false },
    }),
    expected: adminsOnly([200, (b) => expect(b.counts.users).toEqual({ created: 0, updated: 1, unchanged: 0 })], 400),
  },
};

const statusOf = (outcome: Outcome) => (Array.isArray(outcome) ? outcome[0] : outcome);
const methodOf = (key: string) => key.split(' ')[0] as Call['method'];

describeEachDatabase('authorization matrix: every operation x every kind of caller', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let shared: Scene;
  let foreign: Scene;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      now: () => new Date('2026-05-01T09:00:00Z'),
      config: { rateLimitPerMinute: 100_000 },
    });
    shared = await createScene(app, getDatabase().db, issuers);
    foreign = await createScene(app, getDatabase().db, issuers);
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('has a row for every documented operation, and no row for an operation that does not exist', () => {
    const documented = documentedOperations(app).map((o) => o.key);
    expect(documented.length).toBeGreaterThanOrEqual(28);
    expect([...documented].sort()).toEqual(Object.keys(matrix).sort());
  });

  it('states the administrators for every operation of the console and of insights', () => {
    const unstated = Object.entries(matrix)
      .filter(([key]) => /^\w+ \/api\/v1\/(admin|insights)\b/.test(key))
      .filter(([, entry]) => entry.expected.admin === undefined || entry.expected.foreignAdmin === undefined)
      .map(([key]) => key);
    expect(unstated).toEqual([]);
  });

  for (const [key, entry] of Object.entries(matrix)) {
    const method = methodOf(key);
    const stated = roles.filter((r) => entry.expected[r] !== undefined);
    it(`${key}: ${stated.map((r) => `${r} ${statusOf(entry.expected[r]!)}`).join(', ')}`, async () => {
      const db = getDatabase().db;
      // A write gets fresh organisations: what one row (or one caller) changed cannot decide another.
      const scene = method === 'GET' ? shared : await createScene(app, db, issuers);
      const people = peopleOf(scene, method === 'GET' ? foreign : await createOutsiders(app, db, issuers));
      // Refusals first, on data no success has touched yet.
      const order = [...stated].sort(
        (a, b) => Number(statusOf(entry.expected[a]!) < 400) - Number(statusOf(entry.expected[b]!) < 400),
      );
      // The state after one call is the state before the next.
      let before = await fingerprint(db);
      for (const role of order) {
        const outcome = entry.expected[role]!;
        const caller = people[role];
        const answer: Answer = await send(app)(caller, { method, ...entry.call(scene) });
        const label = `${key} as ${role}: ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect(answer.status, label).toBe(statusOf(outcome));
        if (answer.status >= 400) {
          expect(answer.body.detail, label).toEqual(expect.any(String));
          expect(answer.body.detail.length, label).toBeGreaterThan(10);
        }
        const after = await fingerprint(db);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        const allowed = answer.status >= 400 ? [] : (entry.touches ?? []);
        expect(
          changed.filter((table) => !allowed.includes(table)),
          `${label} changed stored data`,
        ).toEqual([]);
        before = after;
        if (Array.isArray(outcome)) await outcome[1](answer.body, { db, scene, foreign, caller, role });
      }
    });
  }

  // Ids of another organisation, sent by the caller whose role could use such an id in its own
  // organisation: 404 with the same answer as an id that never existed, and nothing written.
  const foreignIds: [
    name: string,
    role: Role,
    call: (theirs: Scene, id: (real: string) => string, mine: Scene) => Call,
    status?: number,
  ][] = [
    [
      'their programme (behaviours)',
      'member',
      (t, id) => ({ method: 'GET', url: `${v1}/programmes/${id(t.programmeId)}/behaviours` }),
    ],
    [
      'their programme (goals)',
      'leader',
      (t, id) => ({ method: 'GET', url: `${org}/goals?program_id=${id(t.programmeId)}` }),
    ],
    [
      'their programme (new goal)',
      'leader',
      (t, id) => ({
        method: 'POST',
        url: `${org}/goals?program_id=${id(t.programmeId)}`,
        payload: { title: 'Mine now', sequence_order: 0 },
      }),
    ],
    [
      'their programme (departments)',
      'teamLeader',
      (t, id) => ({ method: 'GET', url: `${org}/departments?program_id=${id(t.programmeId)}` }),
    ],
    [
      'their programme (new department)',
      'teamLeader',
      (t, id, m) => ({
        method: 'POST',
        url: `${org}/departments`,
        payload: { program_id: id(t.programmeId), selected_team_id: m.freeTeam.id, organizational_goal_ids: [] },
      }),
    ],
    [
      'their goal (update)',
      'leader',
      (t, id) => ({
        method: 'PUT',
        url: `${org}/goals/${id(t.goal.id)}`,
        payload: { title: 'Taken over', sequence_order: 0 },
      }),
    ],
    ['their goal (delete)', 'leader', (t, id) => ({ method: 'DELETE', url: `${org}/goals/${id(t.goal.id)}` })],
    [
      'their goal (in a new department)',
      'teamLeader',
      (t, id, m) => ({
        method: 'POST',
        url: `${org}/departments`,
        payload: {
          program_id: m.programmeId,
          selected_team_id: m.freeTeam.id,
          organizational_goal_ids: [id(t.goal.id)],
        },
      }),
    ],
    [
      'their goal (in a KPI of my department)',
      'teamLeader',
      (t, id, m) => ({
        method: 'POST',
        url: `${org}/department-kpis`,
        payload: { department_id: m.department.id, organizational_goal_id: id(t.goal.id), title: 'Stolen' },
      }),
    ],
    [
      'their team (new department)',
      'teamLeader',
      (t, id, m) => ({
        method: 'POST',
        url: `${org}/departments`,
        payload: { program_id: m.programmeId, selected_team_id: id(t.freeTeam.id), organizational_goal_ids: [] },
      }),
    ],
    [
      'their department (KPIs)',
      'leader',
      (t, id) => ({ method: 'GET', url: `${org}/department-kpis?department_id=${id(t.department.id)}` }),
    ],
    [
      'their department (new KPI)',
      'teamLeader',
      (t, id) => ({
        method: 'POST',
        url: `${org}/department-kpis`,
        payload: { department_id: id(t.department.id), organizational_goal_id: t.goal.id, title: 'Stolen' },
      }),
    ],
    [
      'their KPI (update)',
      'teamLeader',
      (t, id) => ({
        method: 'PUT',
        url: `${org}/department-kpis/${id(t.kpi.id)}`,
        payload: { department_id: t.department.id, organizational_goal_id: t.goal.id, title: 'Taken over' },
      }),
    ],
    [
      'their KPI (measurements)',
      'leader',
      (t, id) => ({ method: 'GET', url: `${org}/department-kpis/${id(t.kpi.id)}/measurements` }),
    ],
    [
      'their KPI (record a value)',
      'teamLeader',
      (t, id) => ({
        method: 'POST',
        url: `${org}/department-kpis/${id(t.kpi.id)}/measurements`,
        payload: { value: 1, measured_on: '2026-01-20' },
      }),
    ],
    [
      'their KPI measurement (delete, under my KPI)',
      'teamLeader',
      (t, id, m) => ({
        method: 'DELETE',
        url: `${org}/department-kpis/${m.kpi.id}/measurements/${id(t.measurementId)}`,
      }),
    ],
    [
      'their department (insights)',
      'leader',
      (t, id) => ({ method: 'GET', url: `${v1}/insights?department_id=${id(t.department.id)}` }),
    ],
    [
      'their habit (select)',
      'member',
      (t, id) => ({ method: 'POST', url: `${v1}/habits/select`, payload: { habit_id: id(t.secondHabit.id) } }),
    ],
    [
      'their habit (check in by habit id)',
      'member',
      (t, id) => ({
        method: 'POST',
        url: `${v1}/habits/${id(t.firstHabit.id)}/log`,
        payload: { log_type: 'completed' },
      }),
    ],
    [
      'their user habit (today)',
      'member',
      (t, id) => ({ method: 'GET', url: `${v1}/habits/${id(t.memberUserHabitId)}/log/today` }),
    ],
    [
      'their user habit (check in)',
      'member',
      (t, id) => ({
        method: 'POST',
        url: `${v1}/habits/${id(t.memberUserHabitId)}/log`,
        payload: { log_type: 'skipped' },
      }),
    ],
    [
      'their user habit (history)',
      'member',
      (t, id) => ({ method: 'GET', url: `${v1}/habits/${id(t.memberUserHabitId)}/history` }),
    ],
    [
      'their user habit (pause)',
      'member',
      (t, id) => ({
        method: 'POST',
        url: `${v1}/habits/${id(t.memberUserHabitId)}/pauses`,
        payload: { from: '2026-05-02', to: '2026-05-02' },
      }),
    ],
    [
      'their pause (cancel)',
      'member',
      (t, id) => ({ method: 'DELETE', url: `${v1}/habits/${id(t.memberUserHabitId)}/pauses/${id(t.memberPauseId)}` }),
    ],
    [
      'their pause, through my own habit (cancel)',
      'member',
      (t, id, m) => ({ method: 'DELETE', url: `${v1}/habits/${m.memberUserHabitId}/pauses/${id(t.memberPauseId)}` }),
    ],
    [
      'their user habit (celebration)',
      'member',
      (t, id) => ({ method: 'POST', url: `${v1}/habits/${id(t.memberUserHabitId)}/celebration` }),
    ],
    [
      'their cohort member (endorse)',
      'member',
      (t, id) => ({
        method: 'POST',
        url: `${v1}/social/endorsements`,
        payload: { endorsed_user_id: id(t.mate.id), message: 'Well done' },
      }),
    ],
    [
      'a member of another cohort of my organisation (endorse)',
      'member',
      (_t, id, m) => ({
        method: 'POST',
        url: `${v1}/social/endorsements`,
        payload: { endorsed_user_id: id(m.otherCohort.id), message: 'Well done' },
      }),
    ],
    [
      'a habit of another programme of my organisation (select)',
      'member',
      (_t, id, m) => ({
        method: 'POST',
        url: `${v1}/habits/select`,
        payload: { habit_id: id(m.secondHabitOfSecondProgramme.id) },
      }),
    ],
    [
      "a goal of my organisation's other programme (in a new department)",
      'teamLeader',
      (_t, id, m) => ({
        method: 'POST',
        url: `${org}/departments`,
        payload: {
          program_id: m.programmeId,
          selected_team_id: m.freeTeam.id,
          organizational_goal_ids: [id(m.secondProgrammeGoalId)],
        },
      }),
    ],
    [
      "a goal of my organisation's other programme (in a new KPI)",
      'teamLeader',
      (_t, id, m) => ({
        method: 'POST',
        url: `${org}/department-kpis`,
        payload: { department_id: m.department.id, organizational_goal_id: id(m.secondProgrammeGoalId), title: 'KPI' },
      }),
    ],
    [
      "a goal of my organisation's other programme (KPI update)",
      'teamLeader',
      (_t, id, m) => ({
        method: 'PUT',
        url: `${org}/department-kpis/${m.kpi.id}`,
        payload: { department_id: m.department.id, organizational_goal_id: id(m.secondProgrammeGoalId), title: 'KPI' },
      }),
    ],
    [
      'a positive change of their habit (check in)',
      'member',
      (t, id, m) => ({
        method: 'POST',
        url: `${v1}/habits/${m.memberUserHabitId}/log`,
        payload: { log_type: 'completed', positive_change_id: id(t.firstHabitChangeId) },
      }),
      400,
    ],
    [
      'another programme of my organisation (behaviours)',
      'member',
      (_t, id, m) => ({ method: 'GET', url: `${v1}/programmes/${id(m.secondProgramme.id)}/behaviours` }),
    ],
    ['their person (read)', 'admin', (t, id) => ({ method: 'GET', url: `${v1}/admin/people/${id(t.mate.id)}` })],
    [
      'their person (change)',
      'admin',
      (t, id) => ({ method: 'PATCH', url: `${v1}/admin/people/${id(t.mate.id)}`, payload: { role: 'leader' } }),
    ],
    [
      'their person (deactivate)',
      'admin',
      (t, id) => ({ method: 'POST', url: `${v1}/admin/people/${id(t.mate.id)}/deactivate` }),
    ],
    [
      'their person (reactivate)',
      'admin',
      (t, id) => ({ method: 'POST', url: `${v1}/admin/people/${id(t.mate.id)}/reactivate` }),
    ],
    [
      'their person (erase)',
      'admin',
      (t, id) => ({ method: 'POST', url: `${v1}/admin/people/${id(t.mate.id)}/erase` }),
    ],
    [
      'their team (invite into it)',
      'admin',
      (t, id, m) => ({
        method: 'POST',
        url: `${v1}/admin/people`,
        payload: {
          email: `invited-${m.mate.id.slice(0, 8)}@${m.world.domain}`,
          full_name: 'Invited',
          team_id: id(t.freeTeam.id),
        },
      }),
    ],
    [
      'their cohort (invite into it)',
      'admin',
      (t, id, m) => ({
        method: 'POST',
        url: `${v1}/admin/people`,
        payload: {
          email: `invited-${m.mate.id.slice(0, 8)}@${m.world.domain}`,
          full_name: 'Invited',
          cohort_id: id(t.world.cohort.id),
        },
      }),
    ],
    [
      'their cohort (move my person there)',
      'admin',
      (t, id, m) => ({
        method: 'PATCH',
        url: `${v1}/admin/people/${m.mate.id}`,
        payload: { cohort_id: id(t.world.cohort.id) },
      }),
    ],
    // The console (issue 21): an administrator's ids are their own organisation's.
    [
      'their cohort (rename)',
      'admin',
      (t, id) => ({
        method: 'PATCH',
        url: `${v1}/admin/cohorts/${id(t.secondCohort.id)}`,
        payload: { name: 'Mine now' },
      }),
    ],
    [
      'their cohort (move my people into it)',
      'admin',
      (t, id, m) => ({
        method: 'POST',
        url: `${v1}/admin/cohorts/${id(t.secondCohort.id)}/members`,
        payload: { user_ids: [m.mate.id] },
      }),
    ],
    [
      'their person (into my cohort)',
      'admin',
      (t, id, m) => ({
        method: 'POST',
        url: `${v1}/admin/cohorts/${m.secondCohort.id}/members`,
        payload: { user_ids: [id(t.mate.id)] },
      }),
    ],
    [
      'their programme (new cohort)',
      'admin',
      (t, id) => ({
        method: 'POST',
        url: `${v1}/admin/cohorts`,
        payload: { name: 'Stolen', programme_id: id(t.programmeId) },
      }),
    ],
    [
      'their programme (content)',
      'admin',
      (t, id) => ({ method: 'GET', url: `${v1}/admin/programmes/${id(t.programmeId)}` }),
    ],
    [
      'their module (rename)',
      'admin',
      (t, id) => ({ method: 'PATCH', url: `${v1}/admin/modules/${id(t.firstModuleId)}`, payload: { name: 'Mine' } }),
    ],
    [
      'their behaviour (new habit)',
      'admin',
      (t, id) => ({
        method: 'POST',
        url: `${v1}/admin/behaviours/${id(t.world.behaviours[0]!.id)}/habits`,
        payload: { name: 'Planted', difficulty: 'easy', estimated_time_minutes: 5 },
      }),
    ],
    [
      'their habit (retire)',
      'admin',
      (t, id) => ({ method: 'POST', url: `${v1}/admin/habits/${id(t.firstHabit.id)}/retire` }),
    ],
    [
      'their positive change (rename)',
      'admin',
      (t, id) => ({
        method: 'PATCH',
        url: `${v1}/admin/positive-changes/${id(t.firstHabitChangeId)}`,
        payload: { name: 'Mine' },
      }),
    ],
    [
      'their cohort (as my default cohort)',
      'admin',
      (t, id, m) => ({
        method: 'PUT',
        url: `${v1}/admin/settings`,
        payload: { azure_tenant_ids: [], email_domains: [m.world.domain], default_cohort_id: id(t.secondCohort.id) },
      }),
    ],
    [
      'their SCIM token (revoke)',
      'admin',
      (t, id) => ({ method: 'POST', url: `${v1}/admin/scim-tokens/${id(t.scimTokenId)}/revoke` }),
    ],
  ];

  for (const [name, role, call, status = 404] of foreignIds) {
    it(`${status} for ${name}, as ${role}, like an id that never existed, and nothing changes`, async () => {
      const db = getDatabase().db;
      const people = peopleOf(shared, foreign);
      const before = await fingerprint(db);
      const sent: string[] = [];
      const real = await send(app)(
        people[role],
        call(foreign, (id) => (sent.push(id), id), shared),
      );
      expect(real.status, JSON.stringify(real.body)).toBe(status);
      expect(real.body.detail).toEqual(expect.any(String));
      expect(await fingerprint(db)).toEqual(before);
      const madeUpIds: string[] = [];
      const madeUp = await send(app)(
        people[role],
        call(foreign, () => (madeUpIds.push(randomUUID()), madeUpIds.at(-1)!), shared),
      );
      // The same answer, except where it repeats the id the caller sent.
      const masked = (answer: Answer, used: string[]) =>
        used.reduce((text, id) => text.replaceAll(id, '<id>'), JSON.stringify(answer));
      expect(masked(madeUp, madeUpIds)).toBe(masked(real, sent));
    });
  }
});
