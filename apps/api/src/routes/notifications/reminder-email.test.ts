import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { endorsements, habitLogs, habitPauses, notificationPreferences, userHabits } from '../../db/schema/index.ts';
import { localDate } from '../../lib/local-date.ts';
import { runOutboxOnce } from '../../mail/outbox-worker.ts';
import { startTestSmtpServer } from '../../mail/testing/smtp-server.ts';
import { smtpTransport } from '../../mail/transport.ts';
import { runNotificationsOnce } from '../../services/notifications/notifications.service.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { outboxFor, PUBLIC_URL, reminderMember, SECRET, settings } from './testing/reminders.ts';

type Smtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

// A received message as a reader sees it: header lines unfolded, quoted-printable bodies decoded.
function readable(raw: string): { headers: string; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { headers: head.replace(/\r?\n[ \t]+/g, ' '), body };
}

const header = (headers: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1]?.trim();

describeEachDatabase('reminder and summary e-mails through SMTP', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let smtp: Smtp;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    smtp = await startTestSmtpServer();
    app = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      config: {
        publicUrl: PUBLIC_URL,
        notifications: { scheduler: false, tickSeconds: 60, unsubscribeSecret: SECRET },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  async function deliver(now: Date) {
    const transport = smtpTransport({ url: smtp.url, from: 'HabiTrack <no-reply@habitrack.example.com>' });
    try {
      await runOutboxOnce(getDatabase().db, transport, now);
    } finally {
      transport.close();
    }
  }
  const receivedBy = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  it('sends the reminder with one-click unsubscribe headers and links to each check-in, and the link works', async () => {
    const { db } = getDatabase();
    const member = await reminderMember(db, issuers, {
      timeZone: 'America/New_York',
      startedOn: '2026-03-01',
      time: '02:30',
      habits: 2,
    });
    // The spring-forward night: 02:30 does not exist; sent at 03:00 EDT.
    const now = new Date('2026-03-08T07:00:00Z');
    await runNotificationsOnce(db, { ...settings, now });
    await deliver(now);
    const [mail] = receivedBy(member.email);
    expect(receivedBy(member.email)).toHaveLength(1);
    const { headers, body } = readable(mail!.raw);
    expect(mail!.subject).toBe('Reminder: 2 habits are still open today');

    const listUnsubscribe = header(headers, 'List-Unsubscribe');
    const oneClick = /^<(https:\/\/habitrack\.example\.com\/api\/v1\/notifications\/unsubscribe\?token=[^>\s]+)>$/.exec(
      listUnsubscribe ?? '',
    )?.[1];
    expect(oneClick, `List-Unsubscribe: ${listUnsubscribe}`).toBeDefined();
    expect(header(headers, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    for (const habitId of member.habitIds) {
      expect(body).toContain(`${PUBLIC_URL}/programme/habit-track/${habitId}`);
      expect(body).toContain(`href="${PUBLIC_URL}/programme/habit-track/${habitId}"`);
    }
    expect(body).toContain('Sunday 8 March');
    expect(body).toContain('daily reminder at 02:30 (America/New_York)');
    const token = new URL(oneClick!).searchParams.get('token')!;
    expect(body).toContain(`${PUBLIC_URL}/notifications/unsubscribe?token=${token}`);
    expect(body).toContain(`${PUBLIC_URL}/settings/notifications`);

    // What a mail client does on "Unsubscribe" (RFC 8058): a form POST, no cookies, no sign-in.
    const path = oneClick!.slice(PUBLIC_URL.length);
    const answer = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, member.id));
    expect(row).toMatchObject({ dailyReminderEnabled: false, dailyReminderTime: '02:30:00' });
    // The next day: nothing more.
    await runNotificationsOnce(db, { ...settings, now: new Date('2026-03-09T06:30:00Z') });
    expect(await outboxFor(db, member.id)).toHaveLength(1);
  });

  it("sends the weekly summary on the member's Monday at 08:00: check-ins per habit, streaks, endorsements", async () => {
    const { db } = getDatabase();
    // Monday 1 June to Sunday 7 June 2026; the summary goes out Monday 8 June, 08:00 BST (07:00Z).
    const member = await reminderMember(db, issuers, {
      timeZone: 'Europe/London',
      startedOn: '2026-06-01',
      daily: false,
      weekly: true,
      habits: 1,
    });
    const [steady] = member.userHabitIds;
    const [second] = await db
      .insert(userHabits)
      .values({
        userId: member.id,
        habitId: member.world.habits[1]!.id,
        slot: 2,
        startedOn: '2026-06-04',
        targetDays: 60,
      })
      .returning();
    const log = (userHabitId: string, logDate: string, logType: 'completed' | 'skipped' = 'completed') => ({
      userHabitId,
      logDate,
      logType,
    });
    await db
      .insert(habitLogs)
      .values([
        log(steady!, '2026-06-01'),
        log(steady!, '2026-06-02'),
        log(steady!, '2026-06-03'),
        log(steady!, '2026-06-04', 'skipped'),
        log(steady!, '2026-06-05'),
        log(steady!, '2026-06-06'),
        log(steady!, '2026-06-07'),
        log(second!.id, '2026-06-04'),
      ]);
    await db.insert(habitPauses).values({ userHabitId: second!.id, startsOn: '2026-06-06', endsOn: '2026-06-07' });
    const endorser = await member.world.person();
    const endorse = (createdAt: string, message: string) => ({
      endorserId: endorser.id,
      endorsedId: member.id,
      endorsedOn: localDate(new Date(createdAt), 'Europe/London'),
      message,
      createdAt: new Date(createdAt),
    });
    await db.insert(endorsements).values([
      // Sunday 31 May, 23:30 BST: the week before.
      endorse('2026-05-31T22:30:00Z', 'Too early'),
      // Monday 1 June, 00:30 BST: the first minutes of the week.
      endorse('2026-05-31T23:30:00Z', 'Great listening <3'),
      endorse('2026-06-05T12:00:00Z', 'Thanks for the feedback'),
      // Monday 8 June, 07:30 BST: this week.
      endorse('2026-06-08T06:30:00Z', 'Too late'),
    ]);

    await runNotificationsOnce(db, { ...settings, now: new Date('2026-06-09T07:00:00Z') });
    expect(await outboxFor(db, member.id)).toEqual([]);
    await runNotificationsOnce(db, { ...settings, now: new Date('2026-06-08T06:59:00Z') });
    expect(await outboxFor(db, member.id)).toEqual([]);
    const now = new Date('2026-06-08T07:00:00Z');
    await runNotificationsOnce(db, { ...settings, now });
    await runNotificationsOnce(db, { ...settings, now: new Date('2026-06-08T07:01:00Z') });
    const queued = await outboxFor(db, member.id);
    expect(queued.map((m) => m.dedupeKey)).toEqual([`weekly_summary:${member.id}:2026-06-08`]);
    await deliver(now);
    const [mail] = receivedBy(member.email);
    const { headers, body } = readable(mail!.raw);
    expect(mail!.subject).toBe('Your week in HabiTrack: Monday 1 June to Sunday 7 June');
    expect(header(headers, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(headers, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/habitrack\.example\.com\/api\/v1\/notifications\/unsubscribe\?token=[^.]+\.weekly_summary\./,
    );
    const text = queued[0]!.textBody;
    expect(text).toContain('Listening habit 1: completed 6 of 7 days; current streak 3 days');
    // Started Thursday, paused Saturday and Sunday: 2 days ran.
    expect(text).toContain('Listening habit 2: completed 1 of 2 days; current streak 0 days');
    expect(text).toContain('Endorsements received: 2');
    expect(text).toMatch(/Great listening <3/);
    expect(text).toContain('Thanks for the feedback');
    expect(text).not.toContain('Too early');
    expect(text).not.toContain('Too late');
    expect(queued[0]!.htmlBody).toContain('Great listening &lt;3');
    expect(body).toContain(`${PUBLIC_URL}/notifications/unsubscribe?token=`);
    expect(body).toContain('Unsubscribe from the weekly summary');
  });

  it('sends no summary to a member with nothing to report, and none to one who did not opt in', async () => {
    const { db } = getDatabase();
    const idle = await reminderMember(db, issuers, {
      timeZone: 'Europe/London',
      startedOn: '2026-06-01',
      daily: false,
      weekly: true,
      habits: 0,
    });
    const notOptedIn = await reminderMember(db, issuers, {
      timeZone: 'Europe/London',
      startedOn: '2026-05-20',
      daily: false,
    });
    await runNotificationsOnce(db, { ...settings, now: new Date('2026-06-15T07:00:00Z') });
    expect(await outboxFor(db, idle.id)).toEqual([]);
    expect(await outboxFor(db, notOptedIn.id)).toEqual([]);
  });
});
