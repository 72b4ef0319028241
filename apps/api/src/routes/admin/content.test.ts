import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { habits, programmes, userHabits } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import {
  ADMIN,
  auditRowsOf,
  consoleCaller,
  createConsoleWorlds,
  refusedWithoutWrites,
  type ConsoleWorlds,
} from './testing/console.ts';

const newHabit = {
  name: 'Ask one open question',
  description: 'In every one-to-one',
  difficulty: 'medium',
  estimated_time_minutes: 5,
  tips: ['Start with "what"'],
};

describeEachDatabase('administration console: programme content', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let w: ConsoleWorlds;
  const db = () => getDatabase().db;
  const send = (...args: Parameters<ReturnType<typeof consoleCaller>>) => consoleCaller(app)(...args);
  const orgId = () => w.world.organisation.id;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => new Date('2026-05-01T09:00:00Z') });
    w = await createConsoleWorlds(db(), issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the programmes and shows one with all its content', async () => {
    const list = await send(w.admin, { method: 'GET', url: `${ADMIN}/programmes` });
    expect(list).toMatchObject({
      status: 200,
      body: [{ id: w.world.programme.id, name: 'Leadership Excellence Programme', intro_content: '<p>Welcome</p>' }],
    });
    const one = await send(w.admin, { method: 'GET', url: `${ADMIN}/programmes/${w.world.programme.id}` });
    expect(one.status).toBe(200);
    expect(one.body.modules.map((m: { name: string }) => m.name)).toEqual([
      'Module 1: Effective Communication',
      'Module 2: Coaching',
    ]);
    expect(one.body.behaviours.map((b: { name: string }) => b.name)).toEqual(['Listening', 'Recognition']);
    expect(one.body.behaviours[0].habits[0]).toMatchObject({
      name: 'Listening habit 1',
      retired: false,
      retired_at: null,
      tips: ['Start small'],
      positive_changes: [{ name: 'Trust' }, { name: 'Clarity' }, { name: 'Energy' }],
    });
  });

  it('edits texts of the programme (intro sanitised), a module, a behaviour, a habit and a positive change', async () => {
    const programmeId = w.world.programme.id;
    const programme = await send(w.admin, {
      method: 'PATCH',
      url: `${ADMIN}/programmes/${programmeId}`,
      payload: { description: 'New words', intro_content: '<p onclick="x()">Hi<script>alert(1)</script></p>' },
    });
    expect(programme).toMatchObject({ status: 200, body: { description: 'New words', intro_content: '<p>Hi</p>' } });
    const [stored] = await db().select().from(programmes).where(eq(programmes.id, programmeId));
    expect(stored!.introContent).toBe('<p>Hi</p>');
    const [programmeRow] = await auditRowsOf(db(), { organisationId: orgId(), action: 'programme.update' });
    expect(programmeRow).toMatchObject({
      actorUserId: w.admin.id,
      entityId: programmeId,
      before: { description: 'Six weeks of small daily habits.', intro_content: '<p>Welcome</p>' },
      after: { description: 'New words', intro_content: '<p>Hi</p>' },
    });

    const content = (await send(w.admin, { method: 'GET', url: `${ADMIN}/programmes/${programmeId}` })).body;
    const moduleId = content.modules[1].id;
    expect(
      await send(w.admin, {
        method: 'PATCH',
        url: `${ADMIN}/modules/${moduleId}`,
        payload: { name: 'Module 2: Feedback' },
      }),
    ).toMatchObject({ status: 200, body: { id: moduleId, name: 'Module 2: Feedback', position: 2 } });
    const behaviourId = content.behaviours[0].id;
    expect(
      await send(w.admin, {
        method: 'PATCH',
        url: `${ADMIN}/behaviours/${behaviourId}`,
        payload: { description: null },
      }),
    ).toMatchObject({ status: 200, body: { name: 'Listening', description: null } });
    const habitId = content.behaviours[0].habits[0].id;
    const habit = await send(w.admin, {
      method: 'PATCH',
      url: `${ADMIN}/habits/${habitId}`,
      payload: { instructions: 'Twice a day', default_duration_days: 30, tips: [] },
    });
    expect(habit).toMatchObject({
      status: 200,
      body: { instructions: 'Twice a day', default_duration_days: 30, tips: [] },
    });
    const changeId = content.behaviours[0].habits[0].positive_changes[0].id;
    expect(
      await send(w.admin, {
        method: 'PATCH',
        url: `${ADMIN}/positive-changes/${changeId}`,
        payload: { name: 'More trust', category: 'People' },
      }),
    ).toMatchObject({ status: 200, body: { name: 'More trust', category: 'People' } });
    for (const [action, before, after] of [
      ['module.update', { name: 'Module 2: Coaching' }, { name: 'Module 2: Feedback' }],
      ['behaviour.update', { description: 'Hear people out' }, { description: null }],
      ['habit.update', { instructions: 'Do it once a day' }, { instructions: 'Twice a day' }],
      ['positive_change.update', { name: 'Trust' }, { name: 'More trust' }],
    ] as const) {
      const rows = await auditRowsOf(db(), { organisationId: orgId(), action });
      expect(rows, action).toHaveLength(1);
      expect(rows[0], action).toMatchObject({ actorUserId: w.admin.id, before, after });
    }
  });

  it('adds a habit last in its behaviour, and refuses a name the behaviour has (409)', async () => {
    const behaviourId = w.world.behaviours[1]!.id;
    const added = await send(w.admin, {
      method: 'POST',
      url: `${ADMIN}/behaviours/${behaviourId}/habits`,
      payload: newHabit,
    });
    expect(added).toMatchObject({
      status: 201,
      body: {
        ...newHabit,
        behaviour_id: behaviourId,
        position: 3,
        default_duration_days: 60,
        instructions: null,
        retired: false,
      },
    });
    const [row] = await auditRowsOf(db(), { organisationId: orgId(), action: 'habit.create' });
    expect(row).toMatchObject({ entityId: added.body.id, before: null, after: { name: newHabit.name } });
    await refusedWithoutWrites(
      db(),
      () =>
        send(w.admin, {
          method: 'POST',
          url: `${ADMIN}/behaviours/${behaviourId}/habits`,
          payload: { ...newHabit, name: 'ASK ONE OPEN QUESTION' },
        }),
      409,
    );
  });

  it('retires a habit: no longer offered nor selectable, kept by the member who has it; restores it', async () => {
    const [retiring, kept] = [w.world.habits[1]!, w.world.habits[0]!];
    const selected = await send(w.member, {
      method: 'POST',
      url: '/api/v1/habits/select',
      payload: { habit_id: retiring.id },
    });
    const retired = await send(w.admin, { method: 'POST', url: `${ADMIN}/habits/${retiring.id}/retire` });
    expect(retired).toMatchObject({
      status: 200,
      body: { id: retiring.id, retired: true, retired_at: '2026-05-01T09:00:00.000Z' },
    });
    // Twice: the same answer, nothing written.
    expect(
      await refusedWithoutWrites(
        db(),
        () => send(w.admin, { method: 'POST', url: `${ADMIN}/habits/${retiring.id}/retire` }),
        200,
      ),
    ).toEqual(retired.body);
    expect(await auditRowsOf(db(), { organisationId: orgId(), action: 'habit.retire' })).toHaveLength(1);

    const offered = await send(w.member, {
      method: 'GET',
      url: `/api/v1/programmes/${w.world.programme.id}/behaviours`,
    });
    const offeredIds = offered.body.flatMap((b: { habits: { id: string }[] }) => b.habits.map((h) => h.id));
    expect(offeredIds).toContain(kept.id);
    expect(offeredIds).not.toContain(retiring.id);
    const catalogue = await send(w.member, { method: 'GET', url: '/api/v1/habits' });
    expect(catalogue.body.map((h: { id: string }) => h.id)).not.toContain(retiring.id);

    // The member who has it keeps it; selecting it again is the same active habit.
    const mine = await send(w.member, { method: 'GET', url: '/api/v1/habits/my-active' });
    expect(mine.body.map((h: { habit: { id: string } }) => h.habit.id)).toContain(retiring.id);
    const checkIn = await send(w.member, {
      method: 'POST',
      url: `/api/v1/habits/${selected.body.id}/log`,
      payload: { log_type: 'completed' },
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBeLessThan(300);
    expect(
      (await send(w.member, { method: 'POST', url: '/api/v1/habits/select', payload: { habit_id: retiring.id } }))
        .status,
    ).toBe(200);
    // Anyone else: 409 with a sentence, and no habit written.
    const body = await refusedWithoutWrites(
      db(),
      () => send(w.leader, { method: 'POST', url: '/api/v1/habits/select', payload: { habit_id: retiring.id } }),
      409,
    );
    expect(body).toEqual({
      detail: 'This habit has been retired by your programme administrator and can no longer be chosen.',
    });
    expect(
      await db()
        .select()
        .from(userHabits)
        .where(and(eq(userHabits.userId, w.leader.id), eq(userHabits.habitId, retiring.id))),
    ).toEqual([]);

    const restored = await send(w.admin, { method: 'POST', url: `${ADMIN}/habits/${retiring.id}/restore` });
    expect(restored).toMatchObject({ status: 200, body: { retired: false, retired_at: null } });
    const [row] = await auditRowsOf(db(), { organisationId: orgId(), action: 'habit.restore' });
    expect(row).toMatchObject({ before: { retired_at: '2026-05-01T09:00:00.000Z' }, after: { retired_at: null } });
    expect(
      (await send(w.leader, { method: 'POST', url: '/api/v1/habits/select', payload: { habit_id: retiring.id } }))
        .status,
    ).toBe(201);
  });

  it('refuses bad input (400) and another organisation’s content (404), writing nothing', async () => {
    const foreignContent = (
      await send(w.foreignAdmin, { method: 'GET', url: `${ADMIN}/programmes/${w.foreign.programme.id}` })
    ).body;
    const foreignHabit = foreignContent.behaviours[0].habits[0];
    const own = w.world.habits[0]!;
    const cases: [Parameters<typeof send>[1], number][] = [
      [{ method: 'GET', url: `${ADMIN}/programmes/${w.foreign.programme.id}` }, 404],
      [{ method: 'GET', url: `${ADMIN}/programmes/not-a-uuid` }, 400],
      [{ method: 'PATCH', url: `${ADMIN}/programmes/${w.foreign.programme.id}`, payload: { name: 'Mine' } }, 404],
      [{ method: 'PATCH', url: `${ADMIN}/programmes/${w.world.programme.id}`, payload: {} }, 400],
      [{ method: 'PATCH', url: `${ADMIN}/programmes/${w.world.programme.id}`, payload: { name: ' ' } }, 400],
      [{ method: 'PATCH', url: `${ADMIN}/programmes/${w.world.programme.id}`, payload: { slug: 'x' } }, 400],
      [{ method: 'PATCH', url: `${ADMIN}/modules/${foreignContent.modules[0].id}`, payload: { name: 'Mine' } }, 404],
      [
        { method: 'PATCH', url: `${ADMIN}/behaviours/${foreignContent.behaviours[0].id}`, payload: { name: 'Mine' } },
        404,
      ],
      [
        {
          method: 'PATCH',
          url: `${ADMIN}/behaviours/${w.world.behaviours[0]!.id}`,
          payload: { name: w.world.behaviours[1]!.name },
        },
        409,
      ],
      [
        { method: 'POST', url: `${ADMIN}/behaviours/${foreignContent.behaviours[0].id}/habits`, payload: newHabit },
        404,
      ],
      [
        {
          method: 'POST',
          url: `${ADMIN}/behaviours/${w.world.behaviours[0]!.id}/habits`,
          payload: { ...newHabit, estimated_time_minutes: 0 },
        },
        400,
      ],
      [
        {
          method: 'POST',
          url: `${ADMIN}/behaviours/${w.world.behaviours[0]!.id}/habits`,
          payload: { ...newHabit, difficulty: 'extreme' },
        },
        400,
      ],
      [{ method: 'PATCH', url: `${ADMIN}/habits/${foreignHabit.id}`, payload: { name: 'Mine' } }, 404],
      [{ method: 'PATCH', url: `${ADMIN}/habits/${own.id}`, payload: { default_duration_days: 400 } }, 400],
      [{ method: 'PATCH', url: `${ADMIN}/habits/${own.id}`, payload: { retired_at: null } }, 400],
      [{ method: 'POST', url: `${ADMIN}/habits/${foreignHabit.id}/retire` }, 404],
      [{ method: 'POST', url: `${ADMIN}/habits/${foreignHabit.id}/restore` }, 404],
      [
        {
          method: 'PATCH',
          url: `${ADMIN}/positive-changes/${foreignHabit.positive_changes[0].id}`,
          payload: { name: 'Mine' },
        },
        404,
      ],
      [
        {
          method: 'PATCH',
          url: `${ADMIN}/positive-changes/${foreignHabit.positive_changes[0].id}`,
          payload: { category: '' },
        },
        400,
      ],
    ];
    for (const [call, status] of cases) await refusedWithoutWrites(db(), () => send(w.admin, call), status);
    for (const person of [w.member, w.leader]) {
      await refusedWithoutWrites(db(), () => send(person, { method: 'GET', url: `${ADMIN}/programmes` }), 403);
      await refusedWithoutWrites(
        db(),
        () => send(person, { method: 'POST', url: `${ADMIN}/habits/${own.id}/retire` }),
        403,
      );
    }
    const [row] = await db().select().from(habits).where(eq(habits.id, own.id));
    expect(row!.retiredAt).toBeNull();
  });
});
