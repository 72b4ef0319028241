import { describe, expect, it } from 'vitest';
import { getSubmitLabel } from './submit-label.ts';

describe('getSubmitLabel', () => {
  it('offers to skip when nothing is selected', () => {
    expect(getSubmitLabel({ selectedCount: 0, newCount: 0 })).toBe('Skip to Dashboard');
  });

  it('continues when only already-active habits are selected', () => {
    expect(getSubmitLabel({ selectedCount: 2, newCount: 0 })).toBe('Continue to Dashboard');
  });

  it('starts with the habits when every selected one is new', () => {
    expect(getSubmitLabel({ selectedCount: 1, newCount: 1 })).toBe('Start with 1 habit(s)');
    expect(getSubmitLabel({ selectedCount: 3, newCount: 3 })).toBe('Start with 3 habit(s)');
  });

  it('adds the new habits to the active ones otherwise', () => {
    expect(getSubmitLabel({ selectedCount: 3, newCount: 2 })).toBe('Add 2 new habit(s) (3 total)');
    expect(getSubmitLabel({ selectedCount: 2, newCount: 1 })).toBe('Add 1 new habit(s) (2 total)');
  });
});
