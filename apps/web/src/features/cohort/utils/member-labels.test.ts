import { describe, expect, it } from 'vitest';
import { createCohortMember } from '../testing/factories.ts';
import { currentHabit, dayStreak, otherHabits, progressLabel, roleOrJobTitle } from './member-labels.ts';

describe('member labels', () => {
  it('prefers the job title, else a readable role', () => {
    expect(roleOrJobTitle({ job_title: 'People Partner', role: 'member' })).toBe('People Partner');
    expect(roleOrJobTitle({ job_title: null, role: 'team_leader' })).toBe('Team Leader');
    expect(roleOrJobTitle({ job_title: '  ', role: 'leader' })).toBe('Leader');
    expect(roleOrJobTitle({ job_title: null, role: 'member' })).toBe('Member');
  });

  it('takes the first active habit as the current one', () => {
    const member = createCohortMember({
      active_habits: [
        { name: 'Daily Check-ins', days_completed: 20 },
        { name: 'Say Thank You', days_completed: 5 },
      ],
    });
    expect(currentHabit(member)).toEqual({ name: 'Daily Check-ins', days_completed: 20 });
    expect(currentHabit(createCohortMember({ active_habits: [] }))).toBeNull();
  });

  it('words the streak', () => {
    expect(dayStreak(0)).toBe('0 days');
    expect(dayStreak(1)).toBe('1 day');
    expect(dayStreak(12)).toBe('12 days');
  });
});

describe('the leaderboard’s habit and progress labels', () => {
  const habits = (count: number) =>
    createCohortMember({
      active_habits: Array.from({ length: count }, (_, index) => ({ name: `Habit ${index}`, days_completed: 1 })),
    });

  it('names the other active habits beside the current one', () => {
    expect(otherHabits(habits(0))).toBeNull();
    expect(otherHabits(habits(1))).toBeNull();
    expect(otherHabits(habits(2))).toBe('and 1 other habit');
    expect(otherHabits(habits(3))).toBe('and 2 other habits');
  });

  it('says the progress is an average over the active habits', () => {
    expect(progressLabel(habits(1))).toBe('Average progress');
    expect(progressLabel(habits(3))).toBe('Average progress over 3 active habits');
  });
});
