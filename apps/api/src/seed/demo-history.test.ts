import { describe, expect, it } from 'vitest';
import { planHistory } from './demo-history.ts';
import { addDays, datesBetween, localDate } from '../lib/local-date.ts';
import { createRandom } from './prng.ts';

const members = [
  { id: 'u1', email: 'a@x.example', timeZone: 'Europe/London' },
  { id: 'u2', email: 'b@x.example', timeZone: 'America/New_York' },
];
const habitsList = [
  { id: 'h1', defaultDurationDays: 60, positiveChangeIds: ['c1', 'c2'] },
  { id: 'h2', defaultDurationDays: 30, positiveChangeIds: [] },
  { id: 'h3', defaultDurationDays: 45, positiveChangeIds: ['c3'] },
];
const options = { tracking: members, endorsers: members, habits: habitsList, today: new Date('2026-11-22T10:00:00Z') };
// Row ids are random; everything else must be reproducible.
const withoutIds = (plan: ReturnType<typeof planHistory>) => ({
  userHabits: plan.userHabits.map((uh) => ({ ...uh, id: undefined })),
  habitLogs: plan.habitLogs.map((log) => ({ ...log, userHabitId: undefined })),
  moodEntries: plan.moodEntries,
  endorsements: plan.endorsements,
});

describe('planHistory', () => {
  it('is deterministic for a given day', () => {
    expect(withoutIds(planHistory(options))).toEqual(withoutIds(planHistory(options)));
  });

  it('links logs to planned user habits and keeps positive changes to completed logs of that habit', () => {
    const plan = planHistory(options);
    const habitOf = new Map(plan.userHabits.map((uh) => [uh.id, uh.habitId]));
    for (const log of plan.habitLogs) {
      expect(habitOf.has(log.userHabitId)).toBe(true);
      if (log.positiveChangeId) {
        expect(log.logType).toBe('completed');
        const habit = habitsList.find((h) => h.id === habitOf.get(log.userHabitId));
        expect(habit?.positiveChangeIds).toContain(log.positiveChangeId);
      }
    }
  });
});

describe('local dates and the PRNG', () => {
  it('computes the local date in the user time zone', () => {
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(localDate(instant, 'Europe/London')).toBe('2026-11-22');
    expect(localDate(instant, 'Europe/Paris')).toBe('2026-11-23');
    expect(localDate(instant, 'America/New_York')).toBe('2026-11-22');
  });

  it('adds days across month ends and daylight-saving changes', () => {
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('repeats the same sequence for the same seed and stays in range', () => {
    const a = createRandom('seed');
    const b = createRandom('seed');
    const draws = Array.from({ length: 50 }, () => a.int(1, 3));
    expect(Array.from({ length: 50 }, () => b.int(1, 3))).toEqual(draws);
    expect(new Set(draws)).toEqual(new Set([1, 2, 3]));
    expect(createRandom('other').next()).not.toBe(createRandom('seed').next());
  });
});
