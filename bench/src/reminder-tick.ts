// Times the reminder scheduler's tick with 20,000 members who turned the daily reminder on, their
// chosen times spread over the day's quarter hours and over six time zones, each with one open habit.
// The first tick after the members are added reads them all; the figure is the median of the five
// ticks after it, one minute apart, as the worker runs them; one of them passes a quarter hour. Prints the statements of one tick too.
// Run: npx tsx bench/src/reminder-tick.ts  (PGlite, and PostgreSQL too when DATABASE_URL is set)
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { notificationPreferences, userHabits, users } from '../../apps/api/src/db/schema/index.ts';
import { rowsOf } from '../../apps/api/src/db/rows.ts';
import { addDays } from '../../apps/api/src/lib/local-date.ts';
import { runNotificationsOnce } from '../../apps/api/src/services/notifications/notifications.service.ts';
import { createTestDatabase, databaseKinds } from '../../apps/api/src/test/databases.ts';
import { createTestIssuers } from '../../apps/api/src/test/tokens.ts';
import { createWorld } from '../../apps/api/src/test/world.ts';

const MEMBERS = Number(process.env.REMINDER_MEMBERS ?? 20_000);
const ZONES = ['Europe/London', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'UTC'];
const settings = {
  publicUrl: 'https://habitrack.example.com',
  unsubscribeSecret: 'bench-unsubscribe-secret-0123456789',
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const kind of databaseKinds) {
  const database = await createTestDatabase(kind);
  const db = database.db;
  const world = await createWorld(db, await createTestIssuers());
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  for (let offset = 0; offset < MEMBERS; offset += 1000) {
    const count = Math.min(1000, MEMBERS - offset);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          organisationId: world.organisation.id,
          email: `r${offset + i}-${randomUUID().slice(0, 6)}@${world.domain}`,
          fullName: `Member ${offset + i}`,
          timeZone: ZONES[(offset + i) % ZONES.length]!,
        })),
      )
      .returning({ id: users.id });
    await db.insert(userHabits).values(
      rows.map((row) => ({
        userId: row.id,
        habitId: world.habits[0]!.id,
        slot: 1,
        startedOn: addDays(today, -10),
        targetDays: 60,
      })),
    );
    await db.insert(notificationPreferences).values(
      rows.map((row, i) => {
        const quarter = (offset + i) % 96;
        const time = `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
        return { userId: row.id, dailyReminderEnabled: true, dailyReminderTime: time };
      }),
    );
  }

  // Two minutes before a quarter hour, so one of the five ticks finds the next quarter's members due.
  const quarter = 15 * 60_000;
  const start = Math.ceil(Date.now() / quarter) * quarter - 2 * 60_000;
  await runNotificationsOnce(db, { ...settings, now: new Date(start) });
  const times: number[] = [];
  let statements = 0;
  let queued = 0;
  for (let minute = 1; minute <= 5; minute++) {
    const before = database.queries.length;
    const t0 = performance.now();
    const run = await runNotificationsOnce(db, { ...settings, now: new Date(start + minute * 60_000) });
    times.push(performance.now() - t0);
    statements = database.queries.length - before;
    queued += run.daily_reminder;
  }
  console.log(
    `${kind.padEnd(8)} ${MEMBERS} opted-in members: tick median ${median(times).toFixed(1)} ms ` +
      `(ticks ${times.map((t) => t.toFixed(0)).join(', ')} ms), ${statements} statements in the last tick, ${queued} reminders queued in 5 ticks`,
  );
  // The tick's read goes through the partial indexes on the next due instant and the clock that read.
  await db.execute(sql`analyze notification_preferences`);
  const last = new Date(start + 5 * 60_000).toISOString();
  const plan = await db.execute(
    sql`explain (costs off) (select user_id from notification_preferences
      where daily_reminder_enabled and next_reminder_at <= ${last}::timestamptz limit 1000)
      union (select user_id from notification_preferences where daily_reminder_enabled and reminder_read_at > ${last}::timestamptz limit 1000)`,
  );
  console.log(
    rowsOf<Record<string, string>>(plan)
      .map((row) => `         ${Object.values(row)[0]}`)
      .join('\n'),
  );
  await database.dispose();
}
