import { describe, expect, it } from 'vitest';
import { createBehaviour, createHabit } from '../testing/factories.ts';
import {
  ALL_HABITS_GROUP_ID,
  buildHabitGroups,
  countGroup,
  initiallyExpandedGroupIds,
  OTHER_ACTIVE_GROUP_ID,
} from './habit-groups.ts';

const listening = createHabit({ name: 'Active Listening' });
const feedback = createHabit({ name: 'Clear Feedback' });
const thanks = createHabit({ name: 'Say Thank You' });
const communication = createBehaviour({ name: 'Communication', habits: [listening, feedback] });
const recognition = createBehaviour({ name: 'Recognition', habits: [thanks] });

describe('buildHabitGroups', () => {
  it('makes one group per behaviour', () => {
    const groups = buildHabitGroups({ behaviours: [communication, recognition], activeHabits: [listening] });
    expect(groups.map((group) => group.name)).toEqual(['Communication', 'Recognition']);
  });

  it('puts the fallback list in a single group when there is no programme', () => {
    const groups = buildHabitGroups({ allHabits: [listening, thanks], activeHabits: [] });
    expect(groups).toEqual([
      { id: ALL_HABITS_GROUP_ID, name: 'Available Habits', description: null, habits: [listening, thanks] },
    ]);
  });

  it('adds active habits the catalogue does not show', () => {
    const elsewhere = createHabit({ name: 'Walking Meetings' });
    const groups = buildHabitGroups({ behaviours: [recognition], activeHabits: [elsewhere] });
    expect(groups.at(-1)).toMatchObject({ id: OTHER_ACTIVE_GROUP_ID, habits: [elsewhere] });
  });
});

describe('countGroup', () => {
  it('counts habits, selected (active included) and active', () => {
    const selected = new Set([listening.id, feedback.id]);
    expect(countGroup(communication, selected, new Set([listening.id]))).toEqual({ habits: 2, selected: 2, active: 1 });
    expect(countGroup(recognition, selected, new Set([listening.id]))).toEqual({ habits: 1, selected: 0, active: 0 });
  });
});

describe('initiallyExpandedGroupIds', () => {
  it('opens only the behaviours holding a selected habit', () => {
    expect(initiallyExpandedGroupIds([communication, recognition], new Set([thanks.id]))).toEqual([recognition.id]);
    expect(initiallyExpandedGroupIds([communication, recognition], new Set())).toEqual([]);
  });

  it('opens a lone group', () => {
    expect(initiallyExpandedGroupIds([recognition], new Set())).toEqual([recognition.id]);
  });
});
