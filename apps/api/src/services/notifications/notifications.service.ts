import { randomUUID } from 'node:crypto';
import type { TNotificationKind } from '@habitrack/contracts/me/get-notification-preferences';
import type { DbOrTx } from '../../db/client.ts';
import {
  claimAndQueue,
  findOpenHabits,
  findWeekFacts,
  listSubscribers,
  setNextDue,
  type ComposedNotification,
  type Subscriber,
} from '../../db/queries/notifications/sends.ts';
import { addDays, localDate } from '../../lib/local-date.ts';
import { firstInstantAt, isoWeekday } from '../../lib/zoned-time.ts';
import { dailyReminderEmail } from '../../mail/daily-reminder-email.ts';
import { mailLanguage, recipientLocale } from '../../mail/mail-locale.ts';
import { unsubscribeLinks } from '../../mail/notification-email.ts';
import { weeklySummaryEmail } from '../../mail/weekly-summary-email.ts';

// Reminders and weekly summaries (docs/domain/notifications.md, decision 015).

// A reminder whose moment passed less than this long ago is still sent (a restart, a deploy, a
// tick that ran late, a time chosen a few minutes after it passed); never across midnight.
export const CATCH_UP_MINUTES = 60;
export const WEEKLY_SUMMARY_TIME = '08:00';
// Members per statement: bounds a statement's size, not how many are served per minute.
const BATCH = 100;
// Members read per statement by a tick; it reads again until none is left due.
const READ_BATCH = 1000;

export type Occasion = { localDate: string; dueAt: Date };

// The member's e-mail of this kind that is due at `now`, if any: their local date at `now`, and
// the first instant their wall clock read `time` that day (a time skipped by the clocks going
// forward: the first instant after it; a time that occurs twice: the first). Due from that
// instant for CATCH_UP_MINUTES. The weekly summary is due on Mondays only.
export function dueOccasion(options: {
  kind: TNotificationKind;
  now: Date;
  timeZone: string;
  time: string;
}): Occasion | null {
  const date = localDate(options.now, options.timeZone);
  if (options.kind === 'weekly_summary' && isoWeekday(date) !== 1) return null;
  const time = options.kind === 'weekly_summary' ? WEEKLY_SUMMARY_TIME : options.time;
  const dueAt = firstInstantAt({ date, time, timeZone: options.timeZone });
  const since = options.now.getTime() - dueAt.getTime();
  return since >= 0 && since < CATCH_UP_MINUTES * 60_000 ? { localDate: date, dueAt } : null;
}

// The first instant after `now` at which this kind of e-mail falls due for the member: their time
// (08:00 for the summary) on the first local date from today's, a Monday for the summary, at which
// that instant is still ahead. What the scheduler stores so that a tick reads only members due.
export function nextDueAt(options: { kind: TNotificationKind; now: Date; timeZone: string; time: string }): Date {
  const time = options.kind === 'weekly_summary' ? WEEKLY_SUMMARY_TIME : options.time;
  let date = localDate(options.now, options.timeZone);
  for (let day = 0; day < 9; day++, date = addDays(date, 1)) {
    if (options.kind === 'weekly_summary' && isoWeekday(date) !== 1) continue;
    const dueAt = firstInstantAt({ date, time, timeZone: options.timeZone });
    if (dueAt.getTime() > options.now.getTime()) return dueAt;
  }
  throw new Error(`No next ${options.kind} found for ${time} in ${options.timeZone}`);
}

// When a tick reads the member again: a minute later while their e-mail is due but nothing was sent
// (nothing open yet, nothing to report: a pause cancelled within the hour still gets its reminder),
// else when it next falls due.
function nextRead(kind: TNotificationKind, member: Subscriber, now: Date, unsentDueAt: Date | undefined): Date {
  const retry = now.getTime() + 60_000;
  if (unsentDueAt && retry < unsentDueAt.getTime() + CATCH_UP_MINUTES * 60_000) return new Date(retry);
  return nextDueAt({ kind, now, timeZone: member.timeZone, time: member.time });
}

type Due = Subscriber & Occasion;
export type NotificationRun = Record<TNotificationKind, number>;
export type NotificationSettings = { publicUrl: string; unsubscribeSecret: string };

// One tick of the scheduler: queues, through the outbox, every reminder and summary due at `now`
// that no instance has claimed yet. Safe to run on any number of instances at once.
export async function runNotificationsOnce(
  db: DbOrTx,
  options: NotificationSettings & { now: Date },
): Promise<NotificationRun> {
  return {
    daily_reminder: await runKind(db, 'daily_reminder', options),
    weekly_summary: await runKind(db, 'weekly_summary', options),
  };
}

// Reads only the members whose e-mail of this kind may be due at `now` (their stored next due
// instant has come), queues those due, and stores for each the instant it is next due, so the next
// ticks pass them over until then.
async function runKind(
  db: DbOrTx,
  kind: TNotificationKind,
  options: NotificationSettings & { now: Date },
): Promise<number> {
  let queued = 0;
  // A member read again within one tick changed a preference meanwhile (or another instance
  // raced this one); when a read brings only such members, the next tick serves them.
  const seen = new Set<string>();
  for (;;) {
    const read = await listSubscribers(db, kind, options.now, READ_BATCH);
    if (read.length > 0 && read.every((subscriber) => seen.has(subscriber.userId))) return queued;
    for (const subscriber of read) seen.add(subscriber.userId);
    const due: Due[] = [];
    for (const subscriber of read) {
      const occasion = dueOccasion({ kind, now: options.now, timeZone: subscriber.timeZone, time: subscriber.time });
      if (occasion) due.push({ ...subscriber, ...occasion });
    }
    const claimed = new Set<string>();
    for (let i = 0; i < due.length; i += BATCH) {
      const batch = due.slice(i, i + BATCH);
      const messages =
        kind === 'daily_reminder' ? await reminders(db, batch, options) : await summaries(db, batch, options);
      for (const userId of await claimAndQueue(db, kind, messages)) claimed.add(userId);
    }
    queued += claimed.size;
    const dueAt = new Map(due.map((member) => [member.userId, member.dueAt]));
    await setNextDue(
      db,
      kind,
      options.now,
      read.map((subscriber) => ({
        userId: subscriber.userId,
        seenDueAt: subscriber.seenDueAt,
        nextDueAt: nextRead(
          kind,
          subscriber,
          options.now,
          claimed.has(subscriber.userId) ? undefined : dueAt.get(subscriber.userId),
        ),
      })),
    );
    if (read.length < READ_BATCH) return queued;
  }
}

function envelope(
  kind: TNotificationKind,
  member: Due,
  email: { subject: string; text: string; html: string; headers: Record<string, string> },
  now: Date,
): ComposedNotification {
  return {
    userId: member.userId,
    localDate: member.localDate,
    outboxId: randomUUID(),
    dedupeKey: `${kind}:${member.userId}:${member.localDate}`,
    toAddress: member.email,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    headers: email.headers,
    nextAttemptAt: now,
  };
}

const linksFor = (kind: TNotificationKind, member: Due, options: NotificationSettings) =>
  unsubscribeLinks({ publicUrl: options.publicUrl, secret: options.unsubscribeSecret, userId: member.userId, kind });

// Only members with an active, unpaused habit not logged yet today get a reminder.
async function reminders(db: DbOrTx, batch: Due[], options: NotificationSettings & { now: Date }) {
  const open = await findOpenHabits(
    db,
    batch.map((member) => ({ userId: member.userId, localDate: member.localDate, locale: recipientLocale(member) })),
  );
  return batch.flatMap((member) => {
    const habits = open.get(member.userId);
    if (!habits?.length) return [];
    const email = dailyReminderEmail({
      language: mailLanguage(recipientLocale(member)),
      recipientName: member.fullName,
      localDate: member.localDate,
      time: member.time,
      timeZone: member.timeZone,
      habits,
      publicUrl: options.publicUrl,
      links: linksFor('daily_reminder', member, options),
    });
    return [envelope('daily_reminder', member, email, options.now)];
  });
}

// A member with nothing to report (no habit ran that week, no endorsement) gets no summary.
async function summaries(db: DbOrTx, batch: Due[], options: NotificationSettings & { now: Date }) {
  const facts = await findWeekFacts(
    db,
    batch.map((member) => ({
      userId: member.userId,
      localDate: member.localDate,
      locale: recipientLocale(member),
      weekStart: firstInstantAt({ date: addDays(member.localDate, -7), time: '00:00', timeZone: member.timeZone }),
      weekEnd: firstInstantAt({ date: member.localDate, time: '00:00', timeZone: member.timeZone }),
    })),
  );
  return batch.flatMap((member) => {
    const week = facts.get(member.userId);
    if (!week || (week.habits.length === 0 && week.endorsements.length === 0)) return [];
    const email = weeklySummaryEmail({
      language: mailLanguage(recipientLocale(member)),
      recipientName: member.fullName,
      localDate: member.localDate,
      facts: week,
      publicUrl: options.publicUrl,
      links: linksFor('weekly_summary', member, options),
    });
    return [envelope('weekly_summary', member, email, options.now)];
  });
}
