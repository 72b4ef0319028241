import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { habitLogs } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type Member, type World } from '../../test/world.ts';

describeEachDatabase('check-in API: habit logs, streaks, progress, time zones', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;
  let now = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => now });
    world = await createWorld(getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  async function memberWithHabit(options: { timeZone?: string; at: string }) {
    now = new Date(options.at);
    const member = await world.person({ timeZone: options.timeZone ?? 'Europe/London' });
    const habit = world.habits[0]!;
    const selected = await app.inject({
      method: 'POST',
      url: '/api/v1/habits/select',
      headers: member.headers,
      payload: { habit_id: habit.id },
    });
    expect(selected.statusCode).toBe(201);
    return { member, habit, userHabitId: selected.json().id as string };
  }
  const log = (member: Member, habitId: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/v1/habits/${habitId}/log`, headers: member.headers, payload });
  const dashboardHabit = async (member: Member) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/dashboard/', headers: member.headers });
    expect(response.statusCode).toBe(200);
    return response.json().active_habits[0];
  };

  it('logs once per day: a second check-in updates the same row', async () => {
    const { member, habit } = await memberWithHabit({ at: '2026-11-22T09:00:00Z' });
    const changes = (
      await app.inject({ method: 'GET', url: `/api/v1/habits/${habit.id}/log/today`, headers: member.headers })
    ).json().habit.positive_changes;
    const first = await log(member, habit.id, {
      log_type: 'completed',
      note: ' Went well ',
      positive_change_id: changes[1].id,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      log_date: '2026-11-22',
      log_type: 'completed',
      note: 'Went well',
      positive_change_id: changes[1].id,
    });
    const second = await log(member, habit.id, { log_type: 'skipped' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      id: first.json().id,
      log_type: 'skipped',
      note: null,
      positive_change_id: null,
    });
    const today = await app.inject({
      method: 'GET',
      url: `/api/v1/habits/${habit.id}/log/today`,
      headers: member.headers,
    });
    expect(today.json()).toMatchObject({ today: '2026-11-22', log: { id: first.json().id, log_type: 'skipped' } });
    const rows = await getDatabase()
      .db.select()
      .from(habitLogs)
      .where(eq(habitLogs.userHabitId, first.json().user_habit_id));
    expect(rows).toHaveLength(1);
  });

  it('writes check-ins arriving together in one statement, each answered as if it came alone', async () => {
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await memberWithHabit({ at: '2026-11-22T09:00:00Z' }));
    const [a, b, c, d, e] = members;
    const changes = (
      await app.inject({ method: 'GET', url: `/api/v1/habits/${a!.habit.id}/log/today`, headers: a!.member.headers })
    ).json().habit.positive_changes;
    const { queries } = getDatabase();
    const start = queries.length;
    const responses = await Promise.all([
      log(a!.member, a!.habit.id, { log_type: 'completed', note: 'First', positive_change_id: changes[0].id }),
      log(b!.member, b!.userHabitId, { log_type: 'skipped' }),
      // Not this member's habit: refused, nothing written for them.
      log(c!.member, world.habits[1]!.id, { log_type: 'completed' }),
      // Before the habit started: refused by the rules.
      log(d!.member, d!.habit.id, { log_type: 'completed', log_date: '2026-11-21' }),
      log(e!.member, e!.habit.id, { log_type: 'completed', note: 'Once' }),
      // The same member twice in one turn: written after the first, as an update.
      log(e!.member, e!.habit.id, { log_type: 'completed', note: 'Twice' }),
    ]);
    expect(queries.slice(start).some((q) => /unnest/.test(q) && /habit_logs/.test(q))).toBe(true);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 404, 409, 201, 200]);
    expect(responses[0]!.json()).toMatchObject({
      log_type: 'completed',
      note: 'First',
      positive_change_id: changes[0].id,
    });
    expect(responses[1]!.json()).toMatchObject({ log_type: 'skipped', user_habit_id: b!.userHabitId });
    expect(responses[5]!.json()).toMatchObject({ id: responses[4]!.json().id, note: 'Twice' });
    const db = getDatabase().db;
    for (const [member, count] of [
      [a, 1],
      [b, 1],
      [c, 0],
      [d, 0],
      [e, 1],
    ] as const) {
      expect(await db.select().from(habitLogs).where(eq(habitLogs.userHabitId, member!.userHabitId))).toHaveLength(
        count,
      );
    }
    expect(await dashboardHabit(a!.member)).toMatchObject({ current_streak: 1, days_completed: 1, logged_today: true });
    expect(await dashboardHabit(b!.member)).toMatchObject({ current_streak: 0, days_completed: 0, logged_today: true });
  });

  it('takes a positive change id in capitals as the same change', async () => {
    const { member, habit } = await memberWithHabit({ at: '2026-11-22T09:00:00Z' });
    const changes = (
      await app.inject({ method: 'GET', url: `/api/v1/habits/${habit.id}/log/today`, headers: member.headers })
    ).json().habit.positive_changes;
    const response = await log(member, habit.id, {
      log_type: 'completed',
      positive_change_id: changes[0].id.toUpperCase(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().positive_change_id).toBe(changes[0].id);
  });

  it('refuses bad check-ins with a clear 4xx and writes nothing', async () => {
    const { member, habit, userHabitId } = await memberWithHabit({ at: '2026-11-22T09:00:00Z' });
    const other = world.habits[1]!;
    const foreignChanges = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/programmes/${world.programme.id}/behaviours`,
        headers: member.headers,
      })
    ).json()[0].habits[1].positive_changes;
    const cases: [Record<string, unknown>, number, RegExp, string?][] = [
      [{ log_type: 'maybe' }, 400, /log_type/],
      [{ log_type: 'completed', note: 'x'.repeat(1001) }, 400, /note/],
      [
        { log_type: 'skipped', positive_change_id: foreignChanges[0].id },
        400,
        /only be recorded when the habit was completed/,
      ],
      [{ log_type: 'completed', positive_change_id: foreignChanges[0].id }, 400, /does not belong to the habit/],
      [{ log_type: 'completed', positive_change_id: 'nope' }, 400, /positive_change_id/],
      [{ log_type: 'completed', user_id: member.id }, 400, /user_id|Unrecognized|unrecognized/],
      [{ log_type: 'completed', log_date: '2026-11-23' }, 400, /future/],
      [{ log_type: 'completed', log_date: '2026-11-01' }, 409, /at most 2 days late/],
      [{ log_type: 'completed', log_date: '2026-11-19' }, 409, /at most 2 days late/],
      // Picked today: yesterday is within the late limit but before the habit began.
      [{ log_type: 'completed', log_date: '2026-11-21' }, 409, /before you started this habit/],
      [{ log_type: 'completed', log_date: 'yesterday' }, 400, /log_date/],
      [{ log_type: 'completed' }, 404, /not one of your active habits/, other.id],
      // Not theirs comes before every other refusal.
      [{ log_type: 'completed', log_date: '2026-11-23' }, 404, /not one of your active habits/, other.id],
      [{ log_type: 'completed' }, 400, /habitId/, 'not-a-uuid'],
    ];
    for (const [payload, status, detail, id] of cases) {
      const response = await log(member, id ?? habit.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().detail).toMatch(detail);
    }
    expect(await getDatabase().db.select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabitId))).toHaveLength(
      0,
    );
  });

  it('counts streaks of consecutive completed days, ended by a skip or a gap', async () => {
    const { member, habit } = await memberWithHabit({ at: '2026-11-10T12:00:00Z' });
    for (const date of ['2026-11-10', '2026-11-12', '2026-11-13', '2026-11-14']) {
      now = new Date(`${date}T12:00:00Z`);
      expect((await log(member, habit.id, { log_type: 'completed' })).statusCode).toBe(201);
    }
    now = new Date('2026-11-15T12:00:00Z');
    // No log yet today: the streak ending yesterday still counts.
    expect(await dashboardHabit(member)).toMatchObject({ current_streak: 3, days_completed: 4, logged_today: false });
    await log(member, habit.id, { log_type: 'completed' });
    expect(await dashboardHabit(member)).toMatchObject({ current_streak: 4, days_completed: 5, logged_today: true });
    await log(member, habit.id, { log_type: 'skipped' });
    expect(await dashboardHabit(member)).toMatchObject({ current_streak: 0, days_completed: 4 });
  });

  it('reports progress as completed days over the habit length', async () => {
    const { member, habit, userHabitId } = await memberWithHabit({ at: '2026-09-01T12:00:00Z' });
    const dates = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10));
    await getDatabase()
      .db.insert(habitLogs)
      .values(dates.map((logDate) => ({ userHabitId, logDate, logType: 'completed' as const })));
    now = new Date('2026-10-01T12:00:00Z');
    expect(await dashboardHabit(member)).toMatchObject({
      days_completed: 30,
      total_days: 60,
      progress_percentage: 50,
      current_streak: 30,
    });
    expect(habit.defaultDurationDays).toBe(60);
  });

  describe('time zones', () => {
    it('follows a member in Auckland across their midnight', async () => {
      // 2026-11-22 23:30 in Auckland (UTC+13) is 10:30 UTC.
      const { member, habit } = await memberWithHabit({ timeZone: 'Pacific/Auckland', at: '2026-11-22T10:30:00Z' });
      expect((await log(member, habit.id, { log_type: 'completed' })).json().log_date).toBe('2026-11-22');
      now = new Date('2026-11-22T11:30:00Z'); // 00:30 on the 23rd in Auckland; still the 22nd in London.
      expect(await dashboardHabit(member)).toMatchObject({ current_streak: 1, logged_today: false });
      expect((await log(member, habit.id, { log_type: 'completed' })).json().log_date).toBe('2026-11-23');
      expect(await dashboardHabit(member)).toMatchObject({ current_streak: 2, days_completed: 2 });
    });

    it('follows a member in Los Angeles across their midnight', async () => {
      // 2026-11-22 23:30 in Los Angeles (UTC-8) is 07:30 UTC on the 23rd.
      const { member, habit } = await memberWithHabit({ timeZone: 'America/Los_Angeles', at: '2026-11-23T07:30:00Z' });
      expect((await log(member, habit.id, { log_type: 'completed' })).json().log_date).toBe('2026-11-22');
      now = new Date('2026-11-23T08:30:00Z'); // 00:30 on the 23rd in Los Angeles.
      expect((await log(member, habit.id, { log_type: 'completed' })).json().log_date).toBe('2026-11-23');
      expect(await dashboardHabit(member)).toMatchObject({ current_streak: 2 });
    });

    it('keeps consecutive days across a daylight-saving change (Los Angeles, 1 Nov 2026)', async () => {
      const { member, habit } = await memberWithHabit({ timeZone: 'America/Los_Angeles', at: '2026-10-31T06:30:00Z' });
      // 23:30 local on Oct 30 (PDT), Oct 31 (PDT), Nov 1 (PST: the day has 25 hours), Nov 2 (PST).
      const logged: string[] = [];
      for (const at of [
        '2026-10-31T06:30:00Z',
        '2026-11-01T06:30:00Z',
        '2026-11-02T07:30:00Z',
        '2026-11-03T07:30:00Z',
      ]) {
        now = new Date(at);
        logged.push((await log(member, habit.id, { log_type: 'completed' })).json().log_date);
      }
      expect(logged).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
      expect(await dashboardHabit(member)).toMatchObject({ current_streak: 4, days_completed: 4 });
    });

    it('keeps consecutive days across a daylight-saving change (Auckland, 27 Sep 2026)', async () => {
      // 08:00 local on Sep 26 (NZST, UTC+12), Sep 27 (NZDT from 02:00, UTC+13), Sep 28.
      const { member, habit } = await memberWithHabit({ timeZone: 'Pacific/Auckland', at: '2026-09-25T20:00:00Z' });
      const logged: string[] = [];
      for (const at of ['2026-09-25T20:00:00Z', '2026-09-26T19:00:00Z', '2026-09-27T19:00:00Z']) {
        now = new Date(at);
        logged.push((await log(member, habit.id, { log_type: 'completed' })).json().log_date);
      }
      expect(logged).toEqual(['2026-09-26', '2026-09-27', '2026-09-28']);
      expect(await dashboardHabit(member)).toMatchObject({ current_streak: 3 });
    });
  });
});
