import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { and, eq } from 'drizzle-orm';
import {
  cohortMembers,
  cohorts,
  endorsements,
  endorsementsSeen,
  habitLogs,
  habitPauses,
  habits,
  modules,
  moodEntries,
  positiveChanges,
  programmes,
  userHabits,
  users,
} from '../../db/schema/index.ts';
import { getDashboard } from '../../services/dashboard/dashboard.service.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { createCohort } from '../../test/factories.ts';
import { addDays } from '../../lib/local-date.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { countQueries, createWorld, type Member, type World } from '../../test/world.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

describeEachDatabase('dashboard and mood API', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    world = await createWorld(getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  const dashboard = async (member: Member) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/dashboard/', headers: member.headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const select = async (member: Member, habitId: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/habits/select',
        headers: member.headers,
        payload: { habit_id: habitId },
      })
    ).json().id as string;
  // `days` completed logs ending yesterday, with the first positive change of the habit.
  async function history(userHabitId: string, days: number, positiveChangeId: string | null = null) {
    const rows = Array.from({ length: days }, (_, i) => ({
      userHabitId,
      logDate: addDays('2026-11-21', -i),
      logType: 'completed' as const,
      positiveChangeId,
    }));
    await getDatabase().db.insert(habitLogs).values(rows);
    // As if the habit had been picked when that history began.
    await getDatabase()
      .db.update(userHabits)
      .set({ startedOn: addDays('2026-11-21', -(days - 1)) })
      .where(eq(userHabits.id, userHabitId));
  }

  it('records one mood per day, a value or a skip', async () => {
    const member = await world.person();
    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/mood/',
      headers: member.headers,
      payload: { mood_value: 4 },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ entry_date: '2026-11-22', mood_value: 4, skipped: false });
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/mood/',
      headers: member.headers,
      payload: { mood_value: 2 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already recorded today's mood/);
    expect((await app.inject({ method: 'POST', url: '/api/v1/mood/skip', headers: member.headers })).statusCode).toBe(
      409,
    );

    const skipper = await world.person();
    const skipped = await app.inject({ method: 'POST', url: '/api/v1/mood/skip', headers: skipper.headers });
    expect(skipped.json()).toEqual({ entry_date: '2026-11-22', mood_value: null, skipped: true });
    for (const payload of [{ mood_value: 0 }, { mood_value: 6 }, { mood_value: 3.5 }, { mood_value: '4' }, {}]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/mood/', headers: skipper.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('keeps exactly one mood when 20 requests race', async () => {
    const member = await world.person();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/mood/',
          headers: member.headers,
          payload: { mood_value: (i % 5) + 1 },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });

  it('shows every widget', async () => {
    const member = await world.person();
    const userHabitId = await select(member, world.habits[0]!.id);
    const changes = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/habits/${world.habits[0]!.id}/log/today`,
        headers: member.headers,
      })
    ).json().habit.positive_changes;
    await history(userHabitId, 3, changes[0].id);
    const db = getDatabase().db;
    await db.insert(moodEntries).values([
      { userId: member.id, entryDate: '2026-11-20', moodValue: 5 },
      { userId: member.id, entryDate: '2026-11-21', moodValue: 4 },
      { userId: member.id, entryDate: '2026-11-19', skipped: true },
      { userId: member.id, entryDate: '2026-11-10', moodValue: 1 },
    ]);
    const body = await dashboard(member);
    expect(body).toMatchObject({
      user_name: expect.any(String),
      programme_name: 'Leadership Excellence Programme',
      first_module_name: 'Module 1: Effective Communication',
      can_add_more_habits: true,
      active_habits: [
        {
          id: userHabitId,
          habit_name: world.habits[0]!.name,
          days_completed: 3,
          total_days: 60,
          progress_percentage: 5,
          current_streak: 3,
        },
      ],
      positive_changes_widget: {
        total_logged: 3,
        changes: [{ id: changes[0].id, name: 'Trust', category: 'Team', count: 3 }],
      },
    });
    expect(body.mood_widget.current_week.dates).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(body.mood_widget.current_week.entries).toEqual({
      '2026-11-19': { mood_value: null, skipped: true, mood_label: 'Skipped', mood_emoji: '⏭️' },
      '2026-11-20': { mood_value: 5, skipped: false, mood_label: 'Great', mood_emoji: '😄' },
      '2026-11-21': { mood_value: 4, skipped: false, mood_label: 'Good', mood_emoji: '🙂' },
    });
    expect(body.mood_widget.weekly_stats).toEqual({ entries_count: 2, average_mood: 4.5, completion_rate: 29 });
    expect(typeof body.mood_widget.benefit_message).toBe('string');
  });

  it('ranks the member in the cohort widget by progress, streak, then name', async () => {
    const other = await createWorld(getDatabase().db, issuers);
    const people: Member[] = [];
    for (const days of [2, 10, 0]) {
      const member = await other.person();
      people.push(member);
      if (days > 0) await history(await select(member, other.habits[0]!.id), days);
    }
    const outsider = await other.person({ inCohort: false });
    const widgets = await Promise.all(people.map(async (m) => (await dashboard(m)).team_widget));
    expect(widgets.map((w) => w.my_rank)).toEqual([2, 1, 3]);
    expect(widgets.every((w) => w.member_count === 3 && w.name === other.cohort.name)).toBe(true);
    expect((await dashboard(outsider)).team_widget).toBeNull();
    expect((await getDatabase().db.select().from(cohortMembers)).some((r) => r.userId === outsider.id)).toBe(false);
  });

  it('shows every change written after a read, by any instance, exactly as a fresh read does', async () => {
    const db = getDatabase().db;
    const local = await createWorld(db, issuers);
    const member = await local.person();
    const mate = await local.person();
    const userHabitId = await select(member, local.habits[0]!.id);
    await select(member, local.habits[1]!.id);
    await history(userHabitId, 2);
    const mateHabitId = await select(mate, local.habits[0]!.id);
    const [change] = await db.select().from(positiveChanges).where(eq(positiveChanges.habitId, local.habits[0]!.id));
    // Each change is written straight to the database, as another instance or an import would.
    const changes: [string, () => Promise<unknown>][] = [
      ['a mood', () => db.insert(moodEntries).values({ userId: member.id, entryDate: '2026-11-22', moodValue: 3 })],
      [
        'an endorsement received',
        () =>
          db.insert(endorsements).values({
            endorserId: mate.id,
            endorsedId: member.id,
            endorsedOn: '2026-11-22',
            message: 'Well done',
            createdAt: new Date('2026-11-22T10:00:00Z'),
          }),
      ],
      [
        'the endorsements page opened',
        () => db.insert(endorsementsSeen).values({ userId: member.id, seenAt: new Date('2026-11-22T10:00:00Z') }),
      ],
      [
        'another endorsement received',
        () =>
          db.insert(endorsements).values({
            endorserId: mate.id,
            endorsedId: member.id,
            endorsedOn: '2026-11-21',
            message: 'Great question today',
            createdAt: new Date('2026-11-22T11:00:00Z'),
          }),
      ],
      [
        'the endorsements page opened again',
        () =>
          db
            .update(endorsementsSeen)
            .set({ seenAt: new Date('2026-11-22T11:00:00Z') })
            .where(eq(endorsementsSeen.userId, member.id)),
      ],
      [
        "today's check-in",
        () => db.insert(habitLogs).values({ userHabitId, logDate: '2026-11-22', logType: 'completed' }),
      ],
      // The history holds 11-20 to 11-22: a forgotten 11-18 and a pause on 11-19 lengthen the streak.
      [
        'a forgotten day logged',
        async () => {
          await db.update(userHabits).set({ startedOn: '2026-11-18' }).where(eq(userHabits.id, userHabitId));
          await db.insert(habitLogs).values({ userHabitId, logDate: '2026-11-18', logType: 'completed' });
        },
      ],
      [
        'a pause across the gap',
        () => db.insert(habitPauses).values({ userHabitId, startsOn: '2026-11-19', endsOn: '2026-11-19' }),
      ],
      [
        'a positive change added to a check-in',
        () =>
          db
            .update(habitLogs)
            .set({ positiveChangeId: change!.id })
            .where(and(eq(habitLogs.userHabitId, userHabitId), eq(habitLogs.logDate, '2026-11-22'))),
      ],
      ['a cohort mate overtaking', () => history(mateHabitId, 9)],
      [
        "the member's name changed",
        () => db.update(users).set({ fullName: 'Ann Other' }).where(eq(users.id, member.id)),
      ],
      [
        'a habit renamed',
        () => db.update(habits).set({ name: 'Listen first' }).where(eq(habits.id, local.habits[0]!.id)),
      ],
      [
        'a positive change renamed',
        () => db.update(positiveChanges).set({ name: 'Deeper trust' }).where(eq(positiveChanges.id, change!.id)),
      ],
      [
        'the programme renamed',
        () => db.update(programmes).set({ name: 'Leading Well' }).where(eq(programmes.id, local.programme.id)),
      ],
      [
        'the first module renamed',
        () =>
          db
            .update(modules)
            .set({ name: 'Module 1: Listening' })
            .where(and(eq(modules.programmeId, local.programme.id), eq(modules.position, 1))),
      ],
      [
        'the cohort renamed',
        () => db.update(cohorts).set({ name: 'Cohort Borealis' }).where(eq(cohorts.id, local.cohort.id)),
      ],
      [
        'a habit ended',
        () => db.update(userHabits).set({ status: 'ended', slot: null }).where(eq(userHabits.id, userHabitId)),
      ],
      [
        'moved to another cohort',
        async () => {
          const next = await createCohort(db, {
            organisationId: local.organisation.id,
            programmeId: local.programme.id,
          });
          await db.update(cohortMembers).set({ cohortId: next.id }).where(eq(cohortMembers.userId, member.id));
        },
      ],
      ['left every cohort', () => db.delete(cohortMembers).where(eq(cohortMembers.userId, member.id))],
    ];
    let previous = await dashboard(member);
    for (const [what, write] of changes) {
      await dashboard(member); // held again before the change
      await write();
      const held = await dashboard(member);
      app.database.forgetHeld();
      const fresh = await dashboard(member);
      expect({ what, dashboard: held }).toEqual({ what, dashboard: fresh });
      expect({ what, changed: JSON.stringify(held) !== JSON.stringify(previous) }).toEqual({ what, changed: true });
      previous = held;
    }
  });

  it('makes a repeated dashboard once, a frozen answer, and again when what it shows changes', async () => {
    const db = getDatabase().db;
    const local = await createWorld(db, issuers);
    const member = await local.person();
    const mate = await local.person();
    await history(await select(member, local.habits[0]!.id), 3);
    const mateHabitId = await select(mate, local.habits[0]!.id);
    await dashboard(member);
    const [row] = await db.select().from(users).where(eq(users.id, member.id));
    const user: SignedInUser = {
      ...row!,
      organisationName: local.organisation.name,
      organisationTenantIds: [],
      organisationDefaultLocale: 'en-GB',
    };
    const read = () => getDashboard(app.database, { user, now: NOW, locale: 'en-GB' });
    const first = await read();
    expect(await read()).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.active_habits[0])).toBe(true);
    expect(first.team_widget?.my_rank).toBe(1);
    // The mate overtakes: the member's facts are held as they were, the cohort's standings are not.
    await history(mateHabitId, 5);
    const { queries } = getDatabase();
    const start = queries.length;
    const overtaken = await read();
    expect(queries.slice(start).join('\n')).not.toMatch(/mood_entries/);
    expect(overtaken).not.toBe(first);
    expect(overtaken.team_widget?.my_rank).toBe(2);
    expect({ ...overtaken, team_widget: null }).toEqual({ ...first, team_widget: null });
    expect(await read()).toBe(overtaken);
    // Another locale is another answer.
    expect(await getDashboard(app.database, { user, now: NOW, locale: 'de-DE' })).not.toBe(overtaken);
  });

  it('checks the held facts of requests arriving together in one statement, each answered as a fresh read is', async () => {
    const db = getDatabase().db;
    const local = await createWorld(db, issuers);
    const members: Member[] = [];
    for (let i = 0; i < 6; i++) {
      const member = await local.person();
      if (i % 2 === 0) await select(member, local.habits[i % 3]!.id);
      members.push(member);
    }
    for (const member of members) await dashboard(member);
    // Two of them change after their facts are held: one straight in the database, one through the API.
    await db.insert(moodEntries).values({ userId: members[1]!.id, entryDate: '2026-11-22', moodValue: 2 });
    await select(members[3]!, local.habits[2]!.id);
    const { queries } = getDatabase();
    const start = queries.length;
    const together = await Promise.all(members.map((member) => dashboard(member)));
    const checks = queries.slice(start).filter((q) => /member_activity/.test(q) && !/mood_entries/.test(q));
    expect(checks.some((q) => /unnest/.test(q))).toBe(true);
    expect(checks.length).toBeLessThan(members.length);
    app.database.forgetHeld();
    for (const [i, member] of members.entries()) expect(together[i]).toEqual(await dashboard(member));
    expect(together[1].mood_widget.weekly_stats.entries_count).toBe(1);
    expect(together[3].active_habits).toHaveLength(1);
  });

  it('answers a repeated read with one small statement, and a read after a check-in with the full one', async () => {
    const member = await world.person();
    const userHabitId = await select(member, world.habits[0]!.id);
    await history(userHabitId, 5);
    await dashboard(member);
    const { queries } = getDatabase();
    const start = queries.length;
    await dashboard(member);
    // Whether the held facts are current, which also confirms the caller known from the first read
    // (plugins/known-callers.test.ts).
    expect(queries.slice(start)).toHaveLength(1);
    expect(queries.slice(start).filter((text) => /member_activity/.test(text))).toHaveLength(1);
    expect(queries.slice(start).join('\n')).not.toMatch(/mood_entries/);
    const logged = await app.inject({
      method: 'POST',
      url: `/api/v1/habits/${userHabitId}/log`,
      headers: member.headers,
      payload: { log_type: 'completed' },
    });
    expect(logged.statusCode).toBe(201);
    const after = queries.length;
    const body = await dashboard(member);
    expect(queries.slice(after).join('\n')).toMatch(/mood_entries/);
    expect(body.active_habits[0]).toMatchObject({ current_streak: 6, logged_today: true });
  });

  // 59 days: a habit picked 60 days ago would have reached the end of its frame (decision 014).
  it('runs the same number of queries for 1 day and 59 days of history', async () => {
    const fresh = await world.person();
    await history(await select(fresh, world.habits[0]!.id), 1);
    const veteran = await world.person();
    for (const habit of world.habits.slice(0, 3)) await history(await select(veteran, habit.id), 59);
    await dashboard(fresh);
    await dashboard(veteran);
    const { queries } = getDatabase();
    const short = await countQueries(queries, () => dashboard(fresh));
    const long = await countQueries(queries, () => dashboard(veteran));
    expect(long).toBe(short);
    expect(short).toBeLessThanOrEqual(7);
    const body = await dashboard(veteran);
    expect(body.active_habits.map((h: { current_streak: number }) => h.current_streak)).toEqual([59, 59, 59]);
    expect(body.can_add_more_habits).toBe(false);
  });
});
