import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { habitLogs, habitPauses } from '../../db/schema/index.ts';
import { runNotificationsOnce } from '../../services/notifications/notifications.service.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { claimsFor, daysBefore, minutes, outboxFor, reminderMember, settings } from './testing/reminders.ts';

// The scheduler's tick run minute by minute on a fake clock, around daylight-saving changes: each
// member gets one reminder, at the first instant their wall clock reads the chosen time (or the
// first instant after it, when the clocks skip it), never a second one that local date.
const tick = (db: Parameters<typeof runNotificationsOnce>[0], now: Date) =>
  runNotificationsOnce(db, { ...settings, now });

type Case = {
  name: string;
  timeZone: string;
  date: string;
  time: string;
  // The ticks run from `from` to `to`, every minute.
  from: string;
  to: string;
  // The instant of the one reminder.
  sentAt: string;
};

const cases: Case[] = [
  {
    name: 'New York, spring forward: 02:30 does not exist, sent once at 03:00 EDT',
    timeZone: 'America/New_York',
    date: '2026-03-08',
    time: '02:30',
    from: '2026-03-08T06:00:00Z',
    to: '2026-03-08T08:45:00Z',
    sentAt: '2026-03-08T07:00:00.000Z',
  },
  {
    name: 'New York, fall back: 01:30 happens twice, sent at the first (EDT)',
    timeZone: 'America/New_York',
    date: '2026-11-01',
    time: '01:30',
    from: '2026-11-01T05:00:00Z',
    to: '2026-11-01T07:45:00Z',
    sentAt: '2026-11-01T05:30:00.000Z',
  },
  {
    name: 'London, spring forward: 01:30 does not exist, sent once at 02:00 BST',
    timeZone: 'Europe/London',
    date: '2026-03-29',
    time: '01:30',
    from: '2026-03-29T00:15:00Z',
    to: '2026-03-29T02:45:00Z',
    sentAt: '2026-03-29T01:00:00.000Z',
  },
  {
    name: 'London, fall back: 01:30 happens twice, sent at the first (BST)',
    timeZone: 'Europe/London',
    date: '2026-10-25',
    time: '01:30',
    from: '2026-10-25T00:00:00Z',
    to: '2026-10-25T02:45:00Z',
    sentAt: '2026-10-25T00:30:00.000Z',
  },
  {
    name: 'Auckland, spring forward: 02:30 does not exist, sent once at 03:00 NZDT',
    timeZone: 'Pacific/Auckland',
    date: '2026-09-27',
    time: '02:30',
    from: '2026-09-26T13:15:00Z',
    to: '2026-09-26T15:45:00Z',
    sentAt: '2026-09-26T14:00:00.000Z',
  },
  {
    name: 'Auckland, fall back: 02:30 happens twice, sent at the first (NZDT)',
    timeZone: 'Pacific/Auckland',
    date: '2026-04-05',
    time: '02:30',
    from: '2026-04-04T13:00:00Z',
    to: '2026-04-04T15:45:00Z',
    sentAt: '2026-04-04T13:30:00.000Z',
  },
  {
    name: 'Auckland, an ordinary winter day: 07:45 NZST',
    timeZone: 'Pacific/Auckland',
    date: '2026-06-15',
    time: '07:45',
    from: '2026-06-14T19:00:00Z',
    to: '2026-06-14T21:00:00Z',
    sentAt: '2026-06-14T19:45:00.000Z',
  },
];

describeEachDatabase('daily reminder: when it is sent', (getDatabase) => {
  let issuers: TestIssuers;
  beforeAll(async () => {
    issuers = await createTestIssuers();
  });

  for (const c of cases) {
    it(c.name, async () => {
      const { db } = getDatabase();
      const member = await reminderMember(db, issuers, {
        timeZone: c.timeZone,
        startedOn: daysBefore(c.date, 10),
        time: c.time,
      });
      for (const now of minutes(c.from, c.to)) await tick(db, now);
      const sent = await outboxFor(db, member.id);
      expect(sent.map((m) => m.nextAttemptAt.toISOString())).toEqual([c.sentAt]);
      expect(sent[0]!.dedupeKey).toBe(`daily_reminder:${member.id}:${c.date}`);
      const claims = await claimsFor(db, member.id);
      expect(claims.map((claim) => [claim.kind, claim.localDate, claim.outboxId])).toEqual([
        ['daily_reminder', c.date, sent[0]!.id],
      ]);
    });
  }

  it('is sent again the next local date, and not after the catch-up hour', async () => {
    const { db } = getDatabase();
    const member = await reminderMember(db, issuers, { timeZone: 'Europe/London', startedOn: '2026-06-01' });
    // 08:00 BST is 07:00Z. A tick 61 minutes late finds nothing due.
    await tick(db, new Date('2026-06-10T08:01:00Z'));
    expect(await outboxFor(db, member.id)).toHaveLength(0);
    // 59 minutes late (a restart at the wrong moment): still sent, once.
    await tick(db, new Date('2026-06-11T07:59:00Z'));
    await tick(db, new Date('2026-06-11T07:59:30Z'));
    await tick(db, new Date('2026-06-12T07:00:00Z'));
    expect((await outboxFor(db, member.id)).map((m) => m.dedupeKey)).toEqual([
      `daily_reminder:${member.id}:2026-06-11`,
      `daily_reminder:${member.id}:2026-06-12`,
    ]);
    // One second before the time: not yet.
    await tick(db, new Date('2026-06-13T06:59:59Z'));
    expect(await outboxFor(db, member.id)).toHaveLength(2);
  });

  it('lists only the habits still open today: logged, paused, finished or not started habits are not', async () => {
    const { db } = getDatabase();
    const today = '2026-06-10';
    const now = new Date('2026-06-10T07:00:00Z');
    const member = await reminderMember(db, issuers, { timeZone: 'Europe/London', startedOn: '2026-06-01', habits: 3 });
    const [logged, paused] = member.userHabitIds;
    await db.insert(habitLogs).values({ userHabitId: logged!, logDate: today, logType: 'skipped' });
    await db.insert(habitPauses).values({ userHabitId: paused!, startsOn: '2026-06-09', endsOn: '2026-06-11' });
    await tick(db, now);
    const [message] = await outboxFor(db, member.id);
    expect(message!.subject).toBe('Reminder: 1 habit is still open today');
    expect(message!.textBody).toContain(`/programme/habit-track/${member.habitIds[2]}`);
    expect(message!.textBody).not.toContain(`/programme/habit-track/${member.habitIds[0]}`);
    expect(message!.textBody).not.toContain(`/programme/habit-track/${member.habitIds[1]}`);
  });

  it('sends nothing when every habit is logged or paused, and nothing for a frame that is over or not begun', async () => {
    const { db } = getDatabase();
    const now = new Date('2026-06-10T07:00:00Z');
    const allDone = await reminderMember(db, issuers, {
      timeZone: 'Europe/London',
      startedOn: '2026-06-01',
      habits: 2,
    });
    await db
      .insert(habitLogs)
      .values({ userHabitId: allDone.userHabitIds[0]!, logDate: '2026-06-10', logType: 'completed' });
    await db
      .insert(habitPauses)
      .values({ userHabitId: allDone.userHabitIds[1]!, startsOn: '2026-06-10', endsOn: '2026-06-10' });
    // Started 2026-04-01 for 60 days: its frame ended on 2026-05-30.
    const finished = await reminderMember(db, issuers, { timeZone: 'Europe/London', startedOn: '2026-04-01' });
    const notYet = await reminderMember(db, issuers, { timeZone: 'Europe/London', startedOn: '2026-06-11' });
    const noHabits = await reminderMember(db, issuers, {
      timeZone: 'Europe/London',
      startedOn: '2026-06-01',
      habits: 0,
    });
    const turnedOff = await reminderMember(db, issuers, {
      timeZone: 'Europe/London',
      startedOn: '2026-06-01',
      daily: false,
    });
    for (let i = 0; i < 3; i++) await tick(db, new Date(now.getTime() + i * 60_000));
    for (const member of [allDone, finished, notYet, noHabits, turnedOff]) {
      expect(await outboxFor(db, member.id)).toEqual([]);
      expect(await claimsFor(db, member.id)).toEqual([]);
    }
    // Nothing was claimed, so a habit that opens again within the hour (its pause cancelled) is
    // still reminded of.
    await db.delete(habitPauses).where(eq(habitPauses.userHabitId, allDone.userHabitIds[1]!));
    await tick(db, new Date(now.getTime() + 5 * 60_000));
    const [late] = await outboxFor(db, allDone.id);
    expect(late!.textBody).toContain(`/programme/habit-track/${allDone.habitIds[1]}`);
  });
});
