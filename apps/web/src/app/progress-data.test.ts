import { describe, expect, it } from 'vitest';
import { getSelectedIdpType, setSelectedIdpType } from '../features/auth/utils/sign-in-choice.ts';
import { getHabitLogs, saveHabitLog } from '../features/check-in/utils/local-habit-logs.ts';
import { isMarkedEndorsed, saveEndorsedMark } from '../features/cohort/utils/endorsement-marks.ts';
import { hasVisited, markVisited } from '../features/flow/utils/visited.ts';
import { getQuerySnapshot, setQuerySnapshot } from '../lib/persisted-queries.ts';
import { clearProgressData } from './progress-data.ts';

describe('clearProgressData (the Reset tool)', () => {
  it("forgets every feature's progress entries and keeps the sign-in choice and others' entries", () => {
    markVisited();
    saveHabitLog({ date: '2025-03-01', completed: true, notes: '', habitId: 'h1', positiveChangeId: null });
    saveEndorsedMark({ endorserId: 'u1', endorsedId: 'u2', today: '2025-03-01' });
    setQuerySnapshot({ account: 'auth0:alice', entries: [] });
    setSelectedIdpType('azure_ad');
    localStorage.setItem('msal.2.account.keys', '["a"]');

    clearProgressData();

    expect(hasVisited()).toBe(false);
    expect(getHabitLogs()).toEqual([]);
    expect(isMarkedEndorsed({ endorserId: 'u1', endorsedId: 'u2', today: '2025-03-01' })).toBe(false);
    expect(getQuerySnapshot()).toBeNull();
    expect(getSelectedIdpType()).toBe('azure_ad');
    expect(localStorage.getItem('msal.2.account.keys')).toBe('["a"]');
  });
});
