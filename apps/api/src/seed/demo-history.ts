import { randomUUID } from 'node:crypto';
import type { endorsements, habitLogs, moodEntries, userHabits } from '../db/schema/index.ts';
import { addDays, datesBetween, localDate } from '../lib/local-date.ts';
import { createRandom } from './prng.ts';

// startedDaysAgo: the range, in days before today, in which the member's habits started (3-5
// weeks unless given).
export type HistoryMember = { id: string; email: string; timeZone: string; startedDaysAgo?: readonly [number, number] };
export type HistoryHabit = { id: string; defaultDurationDays: number; positiveChangeIds: readonly string[] };

export type HistoryPlan = {
  userHabits: (typeof userHabits.$inferInsert & { id: string })[];
  habitLogs: (typeof habitLogs.$inferInsert)[];
  moodEntries: (typeof moodEntries.$inferInsert)[];
  endorsements: (typeof endorsements.$inferInsert)[];
};

// Always inside the last 4 complete ISO weeks, whatever the weekday today.
export const RECENT_HABIT_STARTED_DAYS_AGO = [14, 27] as const;

const COMPLETED_NOTES = [
  'Went better than expected; the conversation really flowed.',
  'Tried it in the team stand-up this morning.',
  'Harder on a busy day, but I made it happen.',
  'Got a lovely reply afterwards.',
  'Starting to feel natural now.',
  'Did it first thing so it could not slip.',
];
const SKIPPED_NOTES = [
  'Back-to-back meetings all day.',
  'Travelling today; picking it up tomorrow.',
  'Remembered too late in the evening.',
  'Off sick today.',
  'Deadline day. I will plan it in next time.',
];
const PRAISE = [
  'Great work on your habits! Keep it up!',
  'Really noticed the difference this week. Thank you!',
  'Your consistency is inspiring the rest of us.',
  'Thanks for setting such a good example.',
];

// Timestamps inside the day they describe, so "created" columns agree with the dates.
const at = (date: string, time: string) => new Date(`${date}T${time}Z`);

function planMember(member: HistoryMember, habits: readonly HistoryHabit[], today: Date, plan: HistoryPlan) {
  // One stream per member: adding a member to the demo does not reshuffle everyone else's history.
  const rng = createRandom(`habitrack-demo:${member.email}`);
  const localToday = localDate(today, member.timeZone);
  const yesterday = addDays(localToday, -1);
  // The extra people (startedDaysAgo given) have all recently taken up one of the programme's first
  // two habits, so the habits chosen in the insights' last 4 weeks stand on enough members to show.
  const first = member.startedDaysAgo ? rng.pick(habits.slice(0, 2)) : undefined;
  const pool = rng.shuffle(habits.filter((habit) => habit !== first));
  const chosen = first
    ? [first, ...pool.slice(0, rng.int(0, 2))]
    : pool.slice(0, rng.int(1, Math.min(3, habits.length)));
  const consistency = 0.55 + rng.next() * 0.4;
  // The extra people log a little more reliably: their recent habit has only 2-4 weeks of days.
  const logChance = member.startedDaysAgo ? 0.93 : 0.88;
  let earliest = localToday;
  const [soonest, latest] = member.startedDaysAgo ?? [21, 35];

  chosen.forEach((habit, index) => {
    const [from, to] = habit === first ? RECENT_HABIT_STARTED_DAYS_AGO : [soonest, latest];
    const startedOn = addDays(localToday, -rng.int(from, to));
    if (startedOn < earliest) earliest = startedOn;
    const userHabitId = randomUUID();
    plan.userHabits.push({
      id: userHabitId,
      userId: member.id,
      habitId: habit.id,
      status: 'active',
      slot: index + 1,
      startedOn,
      targetDays: habit.defaultDurationDays,
      createdAt: at(startedOn, '08:30:00'),
    });
    // Today stays unlogged so the demo user can do the day's check-in themselves.
    for (const logDate of datesBetween(startedOn, yesterday)) {
      if (!rng.chance(logChance)) continue;
      const completed = rng.chance(consistency);
      const note = rng.chance(0.2) ? rng.pick(completed ? COMPLETED_NOTES : SKIPPED_NOTES) : null;
      const change =
        completed && habit.positiveChangeIds.length > 0 && rng.chance(0.45) ? rng.pick(habit.positiveChangeIds) : null;
      const loggedAt = at(logDate, '17:30:00');
      plan.habitLogs.push({
        userHabitId,
        logDate,
        logType: completed ? 'completed' : 'skipped',
        note,
        positiveChangeId: change,
        createdAt: loggedAt,
        updatedAt: loggedAt,
      });
    }
  });

  // Mood drifts gently upwards over the weeks, the story the programme hopes to tell.
  // Today has no entry, so the mood prompt appears on the first visit.
  const baseline = 2.8 + rng.next() * 1.2;
  // The extra people joined when their oldest habit range began, and answer the mood question since.
  const joined = member.startedDaysAgo ? addDays(localToday, -member.startedDaysAgo[1]) : earliest;
  const days = datesBetween(joined < earliest ? joined : earliest, yesterday);
  days.forEach((entryDate, i) => {
    if (!rng.chance(0.85)) return;
    const skipped = rng.chance(0.08);
    const value = Math.round(baseline + (0.7 * i) / days.length + (rng.next() - 0.5) * 2);
    plan.moodEntries.push({
      userId: member.id,
      entryDate,
      skipped,
      moodValue: skipped ? null : Math.min(5, Math.max(1, value)),
      createdAt: at(entryDate, '09:00:00'),
    });
  });
  return earliest;
}

// Builds the demo history in memory; seed-demo.ts writes it in a few batched statements.
// `tracking` get habits, logs and moods; `endorsers` (a superset: everyone onboarded in the
// cohort) endorse tracking mates on past days.
export function planHistory(options: {
  tracking: readonly HistoryMember[];
  endorsers: readonly HistoryMember[];
  habits: readonly HistoryHabit[];
  today: Date;
}): HistoryPlan {
  const plan: HistoryPlan = { userHabits: [], habitLogs: [], moodEntries: [], endorsements: [] };
  const startOf = new Map(options.tracking.map((m) => [m.id, planMember(m, options.habits, options.today, plan)]));

  // About as many endorsements per member in a cohort of 28 as in one of 8.
  const chance = Math.min(0.08, 0.4 / Math.max(1, options.tracking.length));
  for (const endorser of options.endorsers) {
    const rng = createRandom(`habitrack-demo-endorsements:${endorser.email}`);
    const localToday = localDate(options.today, endorser.timeZone);
    // Past days only: today stays free, so the Endorse button is live in the demo.
    for (let back = 28; back >= 1; back--) {
      const endorsedOn = addDays(localToday, -back);
      for (const mate of options.tracking) {
        const started = startOf.get(mate.id);
        // Only someone with an active habit can be endorsed
        // (docs/domain/standings-and-endorsements.md#endorsing-a-cohort-mate).
        if (mate.id === endorser.id || !started || started > endorsedOn || !rng.chance(chance)) continue;
        plan.endorsements.push({
          endorserId: endorser.id,
          endorsedId: mate.id,
          endorsedOn,
          message: rng.pick(PRAISE),
          createdAt: at(endorsedOn, '12:15:00'),
        });
      }
    }
  }
  return plan;
}
