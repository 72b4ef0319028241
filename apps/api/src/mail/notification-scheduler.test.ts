import { Cron } from 'croner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { describeEachDatabase } from '../test/each-database.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { outboxFor, reminderMember, settings } from '../routes/notifications/testing/reminders.ts';
import { startNotificationScheduler, tickPattern, type NotificationScheduler } from './notification-scheduler.ts';

// The scheduler in the API process: croner calls the tick on its pattern (every minute in the
// server; every second here, on a clock fixed at a member's reminder time).
describeEachDatabase('notification scheduler', (getDatabase) => {
  let issuers: TestIssuers;
  let scheduler: NotificationScheduler | undefined;
  beforeAll(async () => {
    issuers = await createTestIssuers();
  });
  afterAll(async () => {
    await scheduler?.stop();
  });

  it('ticks on its own, queues the due reminder once, and stops after the tick in flight', async () => {
    const { db } = getDatabase();
    const member = await reminderMember(db, issuers, { timeZone: 'Pacific/Auckland', startedOn: '2026-06-01' });
    scheduler = startNotificationScheduler({
      ...settings,
      db,
      logger: pino({ level: 'silent' }),
      // 08:00 NZST on 15 June 2026.
      now: () => new Date('2026-06-14T20:00:30Z'),
      tickSeconds: 1,
    });
    const deadline = Date.now() + 10_000;
    while ((await outboxFor(db, member.id)).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A few more ticks of the same minute change nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    await scheduler.stop();
    scheduler = undefined;
    const sent = await outboxFor(db, member.id);
    expect(sent.map((m) => m.dedupeKey)).toEqual([`daily_reminder:${member.id}:2026-06-15`]);
  });
});

describe('the tick pattern', () => {
  const ticksAfter = (seconds: number, from: string) =>
    new Cron(tickPattern(seconds)).nextRuns(3, new Date(from)).map((at) => at.toISOString());

  it('ticks on the minute by default, and on each multiple of a shorter tick past it', () => {
    expect(ticksAfter(60, '2026-06-15T08:00:20Z')).toEqual([
      '2026-06-15T08:01:00.000Z',
      '2026-06-15T08:02:00.000Z',
      '2026-06-15T08:03:00.000Z',
    ]);
    expect(ticksAfter(5, '2026-06-15T08:00:57Z')).toEqual([
      '2026-06-15T08:01:00.000Z',
      '2026-06-15T08:01:05.000Z',
      '2026-06-15T08:01:10.000Z',
    ]);
  });
});
