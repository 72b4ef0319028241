import { eq, like } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { emailOutbox, notificationPreferences, notificationSends, userHabits } from '../../../db/schema/index.ts';
import { addDays } from '../../../lib/local-date.ts';
import type { TestIssuers } from '../../../test/tokens.ts';
import { createWorld, type Member, type World } from '../../../test/world.ts';

export const SECRET = 'test-unsubscribe-secret-0123456789abcdef';
export const PUBLIC_URL = 'https://habitrack.example.com';
export const settings = { publicUrl: PUBLIC_URL, unsubscribeSecret: SECRET };

export type ReminderMember = Member & { world: World; userHabitIds: string[]; habitIds: string[] };

// A member in `timeZone` with `habits` active habits started `startedOn` (60-day frames), and the
// given e-mail settings. Every call makes its own organisation, so tests do not see each other.
export async function reminderMember(
  db: Db,
  issuers: TestIssuers,
  options: {
    timeZone: string;
    startedOn: string;
    time?: string;
    daily?: boolean;
    weekly?: boolean;
    habits?: number;
    targetDays?: number;
  },
): Promise<ReminderMember> {
  const world = await createWorld(db, issuers);
  const member = await world.person({ timeZone: options.timeZone });
  const chosen = world.habits.slice(0, options.habits ?? 1);
  const rows = chosen.length
    ? await db
        .insert(userHabits)
        .values(
          chosen.map((habit, i) => ({
            userId: member.id,
            habitId: habit.id,
            slot: i + 1,
            startedOn: options.startedOn,
            targetDays: options.targetDays ?? 60,
          })),
        )
        .returning({ id: userHabits.id })
    : [];
  await db.insert(notificationPreferences).values({
    userId: member.id,
    dailyReminderEnabled: options.daily ?? true,
    dailyReminderTime: options.time ?? '08:00',
    weeklySummaryEnabled: options.weekly ?? false,
  });
  return { ...member, world, userHabitIds: rows.map((r) => r.id), habitIds: chosen.map((h) => h.id) };
}

export const daysBefore = (date: string, days: number) => addDays(date, -days);

// The messages queued for one member, oldest first.
export async function outboxFor(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `%:${userId}:%`));
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

export async function claimsFor(db: Db, userId: string) {
  return db.select().from(notificationSends).where(eq(notificationSends.userId, userId));
}

// Every minute from `from` to `to` (both included).
export function* minutes(from: string, to: string): Generator<Date> {
  for (let t = Date.parse(from); t <= Date.parse(to); t += 60_000) yield new Date(t);
}
