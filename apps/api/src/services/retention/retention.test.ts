import { and, asc, eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import {
  auditLog,
  endorsements,
  habitLogs,
  insightGroupWeeks,
  insightMemberWeeks,
  moodEntries,
  organisations,
  retentionRuns,
  userHabits,
  users,
} from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type Member, type World } from '../../test/world.ts';
import { startRetentionScheduler } from './retention-scheduler.ts';
import { runRetentionOnce } from './retention.service.ts';

// Retention by policy (docs/domain/retention.md), with a fake clock: 30 days, members in London,
// today 26 November, so what lies 31 days back (26 October) or more is past retention.
const DAYS = 30;
const NOW = new Date('2026-11-26T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY).toISOString().slice(0, 10);
const WRITTEN_ON = '2026-10-20';

describeEachDatabase('retention by policy', (getDatabase) => {
  let issuers: TestIssuers;
  let world: World;
  let app: App;
  let second: Database;
  const db = (): Db => getDatabase().db;
  // A: their habit's frame ended 31 days ago; B: 29 days ago. C: deactivated 31 days ago; D: 29.
  let a: Member, b: Member, c: Member, d: Member, admin: Member;
  const note = (who: string) => `${who} wrote this on a hard day`;
  const message = (from: string, to: string) => `${from} cheers ${to}`;

  async function habitEnding(member: Member, frameEndsOn: string) {
    const start = new Date(new Date(`${frameEndsOn}T00:00:00Z`).getTime() - 59 * DAY).toISOString().slice(0, 10);
    const ended = frameEndsOn < daysAgo(0);
    const [row] = await db()
      .insert(userHabits)
      .values({
        userId: member.id,
        habitId: world.habits[0]!.id,
        slot: ended ? null : 1,
        status: ended ? 'completed' : 'active',
        startedOn: start,
        targetDays: 60,
      })
      .returning();
    await db()
      .insert(habitLogs)
      .values({ userHabitId: row!.id, logDate: WRITTEN_ON, logType: 'completed', note: note(member.email) });
    await db().insert(moodEntries).values({ userId: member.id, entryDate: WRITTEN_ON, moodValue: 2 });
  }

  const endorse = (from: Member, to: Member) =>
    db()
      .insert(endorsements)
      .values({
        endorserId: from.id,
        endorsedId: to.id,
        endorsedOn: WRITTEN_ON,
        message: message(from.email, to.email),
      });

  async function insightFacts() {
    await db().execute('select insight_flush()');
    const members = await db()
      .select()
      .from(insightMemberWeeks)
      .where(
        inArray(
          insightMemberWeeks.userId,
          [a, b, c, d].map((m) => m.id),
        ),
      )
      .orderBy(asc(insightMemberWeeks.userId), asc(insightMemberWeeks.week), asc(insightMemberWeeks.kind));
    const groups = await db()
      .select()
      .from(insightGroupWeeks)
      .where(inArray(insightGroupWeeks.groupId, [world.programme.id, world.cohort.id]))
      .orderBy(asc(insightGroupWeeks.groupId), asc(insightGroupWeeks.week), asc(insightGroupWeeks.kind));
    return { members, groups };
  }

  beforeAll(async () => {
    issuers = await createTestIssuers();
    world = await createWorld(db(), issuers);
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    const database = getDatabase();
    // A second instance: its own connections on PostgreSQL (the embedded database is one connection).
    second =
      database.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: database.pool.options.connectionString!, poolSize: 4 })
        : database;
    [a, b, c, d] = [await world.person(), await world.person(), await world.person(), await world.person()];
    admin = await world.person({ isAdmin: true, inCohort: false });
    await habitEnding(a, daysAgo(DAYS + 1));
    await habitEnding(b, daysAgo(DAYS - 1));
    await habitEnding(c, daysAgo(-20));
    await habitEnding(d, daysAgo(-20));
    await db()
      .update(users)
      .set({ deactivatedAt: new Date(NOW.getTime() - (DAYS + 1) * DAY) })
      .where(eq(users.id, c.id));
    await db()
      .update(users)
      .set({ deactivatedAt: new Date(NOW.getTime() - (DAYS - 1) * DAY) })
      .where(eq(users.id, d.id));
    await endorse(a, b);
    await endorse(b, a);
    await endorse(c, d);
    await endorse(d, c);
  });
  afterAll(async () => {
    await app.close();
    if (second !== getDatabase()) await second.close();
  });

  it('keeps everything by default', async () => {
    expect(await runRetentionOnce(db(), { now: NOW })).toEqual([]);
    expect(await db().select().from(moodEntries).where(eq(moodEntries.userId, a.id))).toHaveLength(1);
  });

  it('deletes past a frame ended N+1 days ago or a deactivation N+1 days ago, keeps N-1, once per day across two instances, and leaves the insights as they were', async () => {
    const before = await insightFacts();
    expect(before.members.filter((f) => f.userId === a.id && f.kind === 'mood')).toHaveLength(1);
    await db().update(organisations).set({ retentionDays: DAYS }).where(eq(organisations.id, world.organisation.id));

    // Two workers at once, twice each: one run commits for the organisation and date.
    const runs = (
      await Promise.all([
        runRetentionOnce(db(), { now: NOW }),
        runRetentionOnce(second.db, { now: NOW }),
        runRetentionOnce(second.db, { now: new Date(NOW.getTime() + 60_000) }),
        runRetentionOnce(db(), { now: new Date(NOW.getTime() + 60_000) }),
      ])
    )
      .flat()
      .filter((run) => run.organisationId === world.organisation.id);
    expect(runs).toEqual([
      { organisationId: world.organisation.id, runOn: '2026-11-26', notes: 2, moods: 2, endorsementMessages: 3 },
    ]);
    expect(
      await db().select().from(retentionRuns).where(eq(retentionRuns.organisationId, world.organisation.id)),
    ).toHaveLength(1);

    const notes = await db()
      .select({ userId: userHabits.userId, note: habitLogs.note })
      .from(habitLogs)
      .innerJoin(userHabits, eq(userHabits.id, habitLogs.userHabitId));
    const noteOf = (m: Member) => notes.find((n) => n.userId === m.id)?.note;
    expect([noteOf(a), noteOf(b), noteOf(c), noteOf(d)]).toEqual([null, note(b.email), null, note(d.email)]);
    const moods = await db().select({ userId: moodEntries.userId }).from(moodEntries);
    expect(new Set(moods.map((m) => m.userId))).toEqual(new Set([b.id, d.id]));
    const given = await db().select().from(endorsements);
    const messageOf = (from: Member, to: Member) =>
      given.find((e) => e.endorserId === from.id && e.endorsedId === to.id)?.message;
    // Every endorsement still counts; only the messages past retention are emptied.
    expect([messageOf(a, b), messageOf(b, a), messageOf(c, d), messageOf(d, c)]).toEqual([
      '',
      message(b.email, a.email),
      '',
      '',
    ]);

    // The audit log says what ran and how much it removed, never what it removed.
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, world.organisation.id), eq(auditLog.action, 'retention.run')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: null,
      actorTokenId: null,
      entity: 'organisation',
      entityId: world.organisation.id,
      before: null,
      after: {
        retention_days: DAYS,
        run_on: '2026-11-26',
        notes_removed: 2,
        moods_removed: 2,
        endorsement_messages_removed: 3,
      },
    });
    expect(JSON.stringify(audits[0])).not.toMatch(/hard day|cheers/);

    // Insights' past weeks are unchanged, applied now, and computed again from scratch.
    expect(await insightFacts()).toEqual(before);
    await db().execute('select insight_rebuild()');
    expect(await insightFacts()).toEqual(before);

    // The next day runs again, with nothing left to remove.
    const tomorrow = await runRetentionOnce(db(), { now: new Date(NOW.getTime() + DAY) });
    expect(tomorrow.filter((run) => run.organisationId === world.organisation.id)).toEqual([
      { organisationId: world.organisation.id, runOn: '2026-11-27', notes: 0, moods: 0, endorsementMessages: 0 },
    ]);
  });

  it('leaves the data export and erasure working on what remains', async () => {
    const exported = await app.inject({ method: 'GET', url: '/api/v1/me/export', headers: a.headers });
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data.habit_logs).toEqual([expect.objectContaining({ log_date: WRITTEN_ON, note: null })]);
    expect(data.moods).toEqual([]);
    expect(data.endorsements_given).toEqual([expect.objectContaining({ message: '' })]);
    expect(data.endorsements_received).toEqual([expect.objectContaining({ message: message(b.email, a.email) })]);

    const erased = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/people/${b.id}/erase`,
      headers: admin.headers,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const [log] = await db()
      .select({ note: habitLogs.note })
      .from(habitLogs)
      .innerJoin(userHabits, eq(userHabits.id, habitLogs.userHabitId))
      .where(eq(userHabits.userId, b.id));
    expect(log).toEqual({ note: null });
  });

  it("runs in the worker's scheduler as it starts, and stops after the run in flight", async () => {
    const later = new Date(NOW.getTime() + 2 * DAY);
    const scheduler = startRetentionScheduler({
      db: db(),
      logger: pino({ level: 'silent' }),
      now: () => later,
      tickAtStart: true,
    });
    await scheduler.stop();
    const claimed = await db()
      .select({ runOn: retentionRuns.runOn })
      .from(retentionRuns)
      .where(eq(retentionRuns.organisationId, world.organisation.id))
      .orderBy(asc(retentionRuns.runOn));
    expect(claimed.map((r) => r.runOn)).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
  });
});
