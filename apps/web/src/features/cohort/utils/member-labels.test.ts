import { describe, expect, it } from 'vitest';
import { createCohortMember } from '../testing/factories.ts';
import { currentHabit, dayStreak, roleOrJobTitle } from './member-labels.ts';

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
    expect(dayStreak(0)).toBe('0 day streak');
    expect(dayStreak(12)).toBe('12 day streak');
  });
});
