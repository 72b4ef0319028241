import { sql, type SQL } from 'drizzle-orm';
import type { TNotificationKind } from '@habitrack/contracts/me/get-notification-preferences';
import type { DbOrTx } from '../../client.ts';
import { streakSql } from '../habits/progress.ts';
import { inLocale } from '../programmes/translations.ts';
import { rowsOf } from '../../rows.ts';

// What the scheduler reads and writes (services/notifications/notifications.service.ts, decision 015). Lists
// travel as text arrays, unnested and cast in the statement: both drivers send those alike.
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

// Both drivers answer a raw statement with its rows in `rows`.
async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export type Subscriber = {
  userId: string;
  email: string;
  fullName: string;
  timeZone: string;
  time: string;
  // What decides the e-mail's language (docs/domain/locales-in-mail.md).
  locale: string | null;
  directoryLocale: string | null;
  organisationDefaultLocale: string;
  // The instant this e-mail could next fall due as the tick read it (text, '-infinity' included).
  seenDueAt: string;
};

const dueColumn = (kind: TNotificationKind) =>
  kind === 'daily_reminder' ? sql.raw('next_reminder_at') : sql.raw('next_summary_at');
const readColumn = (kind: TNotificationKind) =>
  kind === 'daily_reminder' ? sql.raw('reminder_read_at') : sql.raw('summary_read_at');

// Up to `limit` members who turned this kind of e-mail on and whose e-mail may be due at `now`, or
// whom a tick with a later clock read (a clock set back must not skip anyone), with their zone and
// chosen time (HH:MM) and language. Each condition has its partial index.
export async function listSubscribers(
  db: DbOrTx,
  kind: TNotificationKind,
  now: Date,
  limit: number,
): Promise<Subscriber[]> {
  const enabled = kind === 'daily_reminder' ? sql`daily_reminder_enabled` : sql`weekly_summary_enabled`;
  const due = dueColumn(kind);
  const at = sql`${now.toISOString()}::timestamptz`;
  // Two reads, one per partial index (an OR of both conditions reads the whole table).
  const read = readColumn(kind);
  return selectRows<Subscriber>(
    db,
    sql`
    select p.user_id as "userId", u.email, u.full_name as "fullName", u.time_zone as "timeZone",
      to_char(p.daily_reminder_time, 'HH24:MI') as time, p.${due}::text as "seenDueAt",
      u.locale, u.directory_locale as "directoryLocale", o.default_locale as "organisationDefaultLocale"
    from ((select user_id from notification_preferences where ${enabled} and ${due} <= ${at} limit ${limit})
      union (select user_id from notification_preferences where ${enabled} and ${read} > ${at} limit ${limit})) c
    join notification_preferences p on p.user_id = c.user_id
    join users u on u.id = p.user_id
    join organisations o on o.id = u.organisation_id`,
  );
}

// Sets each member's next due instant of this kind and the clock that worked it out, unless it
// changed since the tick read it (a preference or time zone changed meanwhile: the database put
// '-infinity' back, read at the next tick).
export async function setNextDue(
  db: DbOrTx,
  kind: TNotificationKind,
  now: Date,
  list: { userId: string; seenDueAt: string; nextDueAt: Date }[],
): Promise<void> {
  if (list.length === 0) return;
  const due = dueColumn(kind);
  await db.execute(sql`
    update notification_preferences p
    set ${due} = v.next_due_at::timestamptz, ${readColumn(kind)} = ${now.toISOString()}::timestamptz
    from unnest(${textArray(list.map((m) => m.userId))}, ${textArray(list.map((m) => m.seenDueAt))},
      ${textArray(list.map((m) => m.nextDueAt.toISOString()))}) as v(user_id, seen_due_at, next_due_at)
    where p.user_id = v.user_id::uuid and p.${due} = v.seen_due_at::timestamptz`);
}

// (member, local date) pairs as a table `d` (user_id uuid, local_date date) for a from clause.
// Each with the locale its e-mail is written in, so habits are named in it (`d.locale`).
function occasions(list: { userId: string; localDate: string; locale: string }[]): SQL {
  return sql`(select t.user_id::uuid as user_id, t.local_date::date as local_date, t.locale
    from unnest(${textArray(list.map((o) => o.userId))}, ${textArray(list.map((o) => o.localDate))},
      ${textArray(list.map((o) => o.locale))}) as t(user_id, local_date, locale)) d`;
}

// The habit `h` named in the e-mail's locale, else in the programme's default language.
const habitName = inLocale({
  translations: sql`h.translations`,
  field: 'name',
  fallback: sql`h.name`,
  locale: sql`d.locale`,
});

const notClaimed = (kind: TNotificationKind) => sql`not exists (select 1 from notification_sends s
  where s.user_id = d.user_id and s.kind = ${kind} and s.local_date = d.local_date)`;

// A user habit `uh` that runs on `day`: active, within its frame (a frame that is over is completed,
// decision 014), and not paused that day (migration 0010).
const runsOn = (day: SQL) => sql`uh.status = 'active' and uh.started_on <= ${day} and uh.frame_ends_on >= ${day}
  and not exists (select 1 from habit_pauses hp where hp.user_habit_id = uh.id
    and ${day} between hp.starts_on and hp.ends_on)`;

export type OpenHabit = { userHabitId: string; habitId: string; name: string };

// For each member not yet reminded that date: their habits running that day with no log yet,
// in slot order. Members with none are left out.
export async function findOpenHabits(
  db: DbOrTx,
  list: { userId: string; localDate: string; locale: string }[],
): Promise<Map<string, OpenHabit[]>> {
  if (list.length === 0) return new Map();
  const rows = await selectRows<{ userId: string; habits: OpenHabit[] }>(
    db,
    sql`
    select d.user_id as "userId", json_agg(json_build_object('userHabitId', uh.id, 'habitId', uh.habit_id,
      'name', ${habitName}) order by uh.slot, uh.started_on) as habits
    from ${occasions(list)}
    join user_habits uh on uh.user_id = d.user_id
    join habits h on h.id = uh.habit_id
    where ${notClaimed('daily_reminder')} and ${runsOn(sql`d.local_date`)}
      and not exists (select 1 from habit_logs l where l.user_habit_id = uh.id and l.log_date = d.local_date)
    group by d.user_id`,
  );
  return new Map(rows.map((row) => [row.userId, row.habits]));
}

export type WeekHabit = {
  name: string;
  completed: number;
  // The days of the week the habit ran (started, not paused).
  days: number;
  // The current streak for a habit still active, else null.
  streak: number | null;
};
export type WeekEndorsement = { from: string; message: string; createdAt: string };
export type WeekFacts = { habits: WeekHabit[]; endorsements: WeekEndorsement[] };

// For each member not yet sent the summary of the week before `localDate` (a Monday): each habit
// that ran during that week, and the endorsements received between weekStart and weekEnd (the
// instants the member's week began and ended).
export async function findWeekFacts(
  db: DbOrTx,
  list: { userId: string; localDate: string; locale: string; weekStart: Date; weekEnd: Date }[],
): Promise<Map<string, WeekFacts>> {
  if (list.length === 0) return new Map();
  const monday = sql`(d.local_date - 7)`;
  const sunday = sql`(d.local_date - 1)`;
  // The habit's first date in that week.
  const first = sql`greatest(uh.started_on, ${monday})`;
  const rows = await selectRows<{ userId: string } & WeekFacts>(
    db,
    sql`
    select d.user_id as "userId",
      (select coalesce(json_agg(json_build_object('name', ${habitName},
          'completed', (select count(*) from habit_logs l where l.user_habit_id = uh.id
            and l.log_type = 'completed' and l.log_date between ${monday} and ${sunday}),
          'days', (select count(*) from generate_series(0, least(uh.frame_ends_on, ${sunday}) - ${first}) g(i)
            where not exists (select 1 from habit_pauses hp where hp.user_habit_id = uh.id
              and ${first} + g.i between hp.starts_on and hp.ends_on)),
          'streak', case when uh.status = 'active' and uh.frame_ends_on >= d.local_date
            then ${streakSql(sql`d.local_date`)} end)
          order by uh.started_on, uh.slot), '[]'::json)
        from user_habits uh join habits h on h.id = uh.habit_id
        where uh.user_id = d.user_id and uh.started_on <= ${sunday}
          and ((uh.status <> 'ended' and uh.frame_ends_on >= ${monday})
            or exists (select 1 from habit_logs l where l.user_habit_id = uh.id
              and l.log_date between ${monday} and ${sunday}))) as habits,
      (select coalesce(json_agg(json_build_object('from', giver.full_name, 'message', e.message,
          'createdAt', e.created_at) order by e.created_at), '[]'::json)
        from endorsements e join users giver on giver.id = e.endorser_id
        where e.endorsed_id = d.user_id and e.created_at >= w.week_start and e.created_at < w.week_end) as endorsements
    from ${occasions(list)}
    join (select t.user_id::uuid as user_id, t.week_start::timestamptz as week_start, t.week_end::timestamptz as week_end
      from unnest(${textArray(list.map((o) => o.userId))}, ${textArray(list.map((o) => o.weekStart.toISOString()))},
        ${textArray(list.map((o) => o.weekEnd.toISOString()))}) as t(user_id, week_start, week_end)) w
      on w.user_id = d.user_id
    where ${notClaimed('weekly_summary')}`,
  );
  return new Map(rows.map(({ userId, ...facts }) => [userId, facts]));
}

export type ComposedNotification = {
  userId: string;
  localDate: string;
  outboxId: string;
  dedupeKey: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  headers: Record<string, string>;
  nextAttemptAt: Date;
};

// Claims each (member, kind, local date) and queues its e-mail, in one statement: a message is
// queued exactly when its claim is new, so however many instances run this at once, each member
// gets one. Claims are inserted in user order, so two instances claiming overlapping members
// wait for each other rather than deadlock. Answers the members claimed now.
export async function claimAndQueue(
  db: DbOrTx,
  kind: TNotificationKind,
  messages: ComposedNotification[],
): Promise<string[]> {
  if (messages.length === 0) return [];
  const column = (text: (m: ComposedNotification) => string) => textArray(messages.map(text));
  const rows = await selectRows<{ userId: string }>(
    db,
    sql`
    with m as (
      select t.user_id::uuid as user_id, t.local_date::date as local_date, t.outbox_id::uuid as outbox_id,
        t.dedupe_key, t.to_address, t.subject, t.text_body, t.html_body, t.headers::jsonb as headers,
        t.next_attempt_at::timestamptz as next_attempt_at
      from unnest(${column((m) => m.userId)}, ${column((m) => m.localDate)},
        ${column((m) => m.outboxId)}, ${column((m) => m.dedupeKey)},
        ${column((m) => m.toAddress)}, ${column((m) => m.subject)},
        ${column((m) => m.textBody)}, ${column((m) => m.htmlBody)},
        ${column((m) => JSON.stringify(m.headers))},
        ${column((m) => m.nextAttemptAt.toISOString())})
        as t(user_id, local_date, outbox_id, dedupe_key, to_address, subject, text_body, html_body, headers,
          next_attempt_at)),
    claimed as (
      insert into notification_sends (user_id, kind, local_date, outbox_id)
      select m.user_id, ${kind}, m.local_date, m.outbox_id from m
      -- A message already queued under its key (a claim removed by hand) is not queued again.
      where not exists (select 1 from email_outbox o where o.dedupe_key = m.dedupe_key)
      order by m.user_id
      on conflict (user_id, kind, local_date) do nothing
      returning user_id, outbox_id),
    queued as (
      insert into email_outbox (id, dedupe_key, to_address, subject, text_body, html_body, headers, next_attempt_at)
      select m.outbox_id, m.dedupe_key, m.to_address, m.subject, m.text_body, m.html_body, m.headers, m.next_attempt_at
      from m join claimed c on c.outbox_id = m.outbox_id
      returning id)
    select c.user_id as "userId" from claimed c join queued q on q.id = c.outbox_id`,
  );
  return rows.map((row) => row.userId);
}
