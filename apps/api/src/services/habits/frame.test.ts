import { describe, expect, it } from 'vitest';
import { addDays } from '../../lib/local-date.ts';
import {
  bestStreak,
  currentStreak,
  dayState,
  STRENGTH_ALPHA,
  strength,
  type DateRange,
  type FrameFacts,
  type LogType,
} from './frame.ts';

const START = '2026-03-01';
// A frame of 60 days from START, with the given logs (offset from START → type) and pauses.
function frame(logs: Record<number, LogType>, pauses: DateRange[] = [], pausedDays = 0): FrameFacts {
  return {
    startedOn: START,
    frameEndsOn: addDays(START, 59 + pausedDays),
    pauses,
    logs: new Map(Object.entries(logs).map(([offset, type]) => [addDays(START, Number(offset)), type])),
  };
}
const day = (offset: number) => addDays(START, offset);
const completedDays = (from: number, to: number) =>
  Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [from + i, 'completed' as const]));

describe('habit strength (decision 014)', () => {
  it('halves the distance to 1 every 14 completed days, and halves itself every 14 missed days', () => {
    expect(1 - (1 - STRENGTH_ALPHA) ** 14).toBeCloseTo(0.5, 10);
    // 14 completed days from the start, read on the 15th before it is logged.
    expect(strength(frame(completedDays(0, 13)), day(14))).toBe(50);
    expect(strength(frame(completedDays(0, 27)), day(28))).toBe(75);
    // Then 14 days without a completed log (a skip counts as missed too).
    expect(strength(frame({ ...completedDays(0, 27), 30: 'skipped' }), day(42))).toBe(38);
  });

  it('counts today only once it is logged, and a completed habit keeps the strength it ended with', () => {
    const facts = frame(completedDays(0, 13));
    expect(strength(facts, day(13))).toBe(50);
    expect(strength(facts, day(14))).toBe(50);
    expect(strength(frame({ ...completedDays(0, 13), 14: 'skipped' }), day(14))).toBe(48);
    expect(strength(frame(completedDays(0, 59)), day(200))).toBe(strength(frame(completedDays(0, 59)), day(60)));
    expect(strength(frame(completedDays(0, 59)), day(60))).toBe(95);
  });

  it('leaves paused days and days before the start unchanged', () => {
    const pause = { from: day(14), to: day(23) };
    const paused = frame(completedDays(0, 13), [pause], 10);
    expect(strength(paused, day(24))).toBe(50);
    expect(strength(frame({}), addDays(START, -5))).toBe(0);
    expect(strength(frame({}), day(0))).toBe(0);
  });
});

describe('streaks with pauses (decision 014)', () => {
  it('runs a streak across paused days, and counts the best run of the frame', () => {
    const pause = { from: day(5), to: day(7) };
    const logs = { ...completedDays(0, 4), ...completedDays(8, 9), 10: 'skipped' as const, ...completedDays(11, 12) };
    const facts = frame(logs, [pause], 3);
    // Today (day 10) not logged yet: 5 + 2 completed days, the 3 paused ones between them transparent.
    expect(currentStreak(frame({ ...completedDays(0, 4), ...completedDays(8, 9) }, [pause], 3), day(10))).toBe(7);
    // Today skipped: no streak.
    expect(currentStreak(facts, day(10))).toBe(0);
    expect(currentStreak(facts, day(6))).toBe(5);
    expect(currentStreak(facts, day(13))).toBe(2);
    expect(bestStreak(facts, day(13))).toBe(7);
    expect(dayState(facts, day(6), day(13))).toBe('paused');
    expect(dayState(facts, day(10), day(13))).toBe('skipped');
    expect(dayState(facts, day(13), day(13))).toBe('today');
    expect(dayState(facts, day(14), day(13))).toBe('future');
    expect(dayState(facts, day(3), day(13))).toBe('completed');
  });

  it('ends the current streak on a day with no log, and keeps it while today is not logged yet', () => {
    const facts = frame({ ...completedDays(0, 2), ...completedDays(4, 6) });
    expect(currentStreak(facts, day(7))).toBe(3);
    expect(currentStreak(facts, day(8))).toBe(0);
    expect(dayState(facts, day(3), day(8))).toBe('not_logged');
  });
});
