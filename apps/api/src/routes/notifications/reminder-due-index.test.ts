import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';
import { runNotificationsOnce } from '../../services/notifications/notifications.service.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { outboxFor, reminderMember, settings } from './testing/reminders.ts';

// A tick reads only the members whose e-mail may be due by its clock (migration 0024,
// docs/domain/notifications.md#the-tick): each preference row keeps the instant it next falls due,
// put back to '-infinity' by the database when the time, the kind or the time zone changes.
const tick = (db: Db, now: string) => runNotificationsOnce(db, { ...settings, now: new Date(now) });

async function dueOf(db: Db, userId: string) {
  const [row] = rowsOf<{ reminder: string; summary: string; readAt: string }>(
    await db.execute(sql`select to_char(next_reminder_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as reminder,
      to_char(next_summary_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as summary,
      to_char(reminder_read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "readAt"
      from notification_preferences where user_id = ${userId}`),
  );
  return row!;
}

async function isNew(db: Db, userId: string) {
  const [row] = rowsOf<{ fresh: boolean }>(
    await db.execute(
      sql`select next_reminder_at = '-infinity' as fresh from notification_preferences where user_id = ${userId}`,
    ),
  );
  return row!.fresh;
}

describeEachDatabase('reminder tick: only the members due', (getDatabase) => {
  let issuers: TestIssuers;
  beforeAll(async () => {
    issuers = await createTestIssuers();
  });

  it('stores when each e-mail next falls due, and passes the member over until then', async () => {
    const { db } = getDatabase();
    // 08:00 in London is 07:00Z in June; Monday 15 June 08:00 BST for the summary.
    const member = await reminderMember(db, issuers, {
      timeZone: 'Europe/London',
      startedOn: '2026-06-01',
      weekly: true,
    });
    expect(await isNew(db, member.id)).toBe(true);
    await tick(db, '2026-06-10T05:00:00Z');
    expect(await dueOf(db, member.id)).toEqual({
      reminder: '2026-06-10T07:00',
      summary: '2026-06-15T07:00',
      readAt: '2026-06-10T05:00',
    });
    // Sent at its time; then due the next day.
    await tick(db, '2026-06-10T07:00:00Z');
    expect(await outboxFor(db, member.id)).toHaveLength(1);
    expect((await dueOf(db, member.id)).reminder).toBe('2026-06-11T07:00');
  });

  it('reads a member again at once when the time, the kind or the time zone changes', async () => {
    const { db } = getDatabase();
    const member = await reminderMember(db, issuers, { timeZone: 'Europe/London', startedOn: '2026-06-01' });
    await tick(db, '2026-06-10T05:00:00Z');
    expect(await isNew(db, member.id)).toBe(false);

    await db
      .update(notificationPreferences)
      .set({ dailyReminderTime: '06:15' })
      .where(eq(notificationPreferences.userId, member.id));
    expect(await isNew(db, member.id)).toBe(true);
    // 06:15 BST was 05:15Z, passed a quarter of an hour ago: still within the hour, so sent now.
    await tick(db, '2026-06-10T05:30:00Z');
    expect(await outboxFor(db, member.id)).toHaveLength(1);

    await tick(db, '2026-06-10T05:31:00Z');
    expect(await isNew(db, member.id)).toBe(false);
    await db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, member.id));
    expect(await isNew(db, member.id)).toBe(true);
    // 06:15 in Tokyo on 11 June is 21:15Z on 10 June.
    await tick(db, '2026-06-10T20:00:00Z');
    expect((await dueOf(db, member.id)).reminder).toBe('2026-06-10T21:15');

    // An update that changes nothing that decides it keeps the stored instant.
    await db
      .update(notificationPreferences)
      .set({ reminderOfferDismissedAt: new Date('2026-06-10T20:01:00Z') })
      .where(eq(notificationPreferences.userId, member.id));
    expect(await isNew(db, member.id)).toBe(false);
  });

  it('a tick with an earlier clock than the last one reads the member again and sends on time', async () => {
    const { db } = getDatabase();
    const member = await reminderMember(db, issuers, { timeZone: 'Europe/London', startedOn: '2026-06-01' });
    // A clock a day ahead read the member: next due on 12 June.
    await tick(db, '2026-06-11T09:00:00Z');
    expect((await dueOf(db, member.id)).reminder).toBe('2026-06-12T07:00');
    // Set right again, the clock reads 10 June 07:00Z: the reminder of 10 June is not lost.
    await tick(db, '2026-06-10T07:00:00Z');
    expect((await outboxFor(db, member.id)).map((m) => m.dedupeKey)).toEqual([
      `daily_reminder:${member.id}:2026-06-10`,
    ]);
  });

  it('a member whose e-mail is not due is not read by a tick', async () => {
    const { db } = getDatabase();
    const member = await reminderMember(db, issuers, { timeZone: 'Europe/London', startedOn: '2026-06-01' });
    await tick(db, '2026-06-10T05:00:00Z');
    // Nothing is due at 05:30Z for this member: a tick's condition leaves them out (bench/src/reminder-tick.ts
    // shows the plan on 20,000 members: the two partial indexes).
    const [row] = rowsOf<{ read: boolean }>(
      await db.execute(sql`select (next_reminder_at <= '2026-06-10T05:30:00Z'::timestamptz
        or reminder_read_at > '2026-06-10T05:30:00Z'::timestamptz) as read
        from notification_preferences where user_id = ${member.id}`),
    );
    expect(row!.read).toBe(false);
  });
});
