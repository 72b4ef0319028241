import { describe, expect, it } from 'vitest';
import {
  clearHabitLogPending,
  clearLocalData,
  clearSignInChoice,
  getHabitLog,
  getHabitLogs,
  getPendingHabitLogs,
  getSelectedIdpType,
  getShouldAutoLogin,
  hasEndorsed,
  hasVisited,
  isReloginBlocked,
  markReloginAttempt,
  readRawItem,
  markEndorsed,
  markVisited,
  saveHabitLog,
  setSelectedIdpType,
  setShouldAutoLogin,
  type TLocalHabitLog,
} from './storage.ts';

function createLog(overrides: Partial<TLocalHabitLog> = {}): TLocalHabitLog {
  return { date: '2025-03-01', completed: true, notes: '', habitId: 'h1', positiveChangeId: null, ...overrides };
}

describe('storage', () => {
  it('returns defaults when nothing is stored', () => {
    expect(hasVisited()).toBe(false);
    expect(getHabitLogs()).toEqual([]);
    expect(hasEndorsed('u1', '2025-03-01')).toBe(false);
    expect(getSelectedIdpType()).toBeNull();
    expect(getShouldAutoLogin()).toBe(false);
  });

  it('returns defaults when every key holds corrupt JSON', () => {
    for (const key of ['hasVisited', 'habitLogs', 'endorsementMarks', 'selectedIdpType', 'shouldAutoLogin']) {
      localStorage.setItem(key, '{not json');
    }
    expect(hasVisited()).toBe(false);
    expect(getHabitLogs()).toEqual([]);
    expect(hasEndorsed('u1', '2025-03-01')).toBe(false);
    expect(getSelectedIdpType()).toBeNull();
    expect(getShouldAutoLogin()).toBe(false);
  });

  it('returns defaults when JSON is valid but of the wrong shape', () => {
    localStorage.setItem('habitLogs', '{"a":1}');
    localStorage.setItem('endorsementMarks', '[1,2]');
    localStorage.setItem('selectedIdpType', '"okta"');
    expect(getHabitLogs()).toEqual([]);
    expect(hasEndorsed('u1', '2025-03-01')).toBe(false);
    expect(getSelectedIdpType()).toBeNull();
  });

  it('keeps the valid habit logs of a partly damaged list', () => {
    localStorage.setItem('habitLogs', JSON.stringify([createLog(), { date: 5 }, null]));
    expect(getHabitLogs()).toEqual([createLog()]);
  });

  it('keeps one log per habit and day, the latest winning', () => {
    saveHabitLog(createLog({ completed: false }));
    saveHabitLog(createLog({ habitId: 'h2' }));
    saveHabitLog(createLog({ notes: 'did it after all', positiveChangeId: 'pc1' }));

    expect(getHabitLogs()).toHaveLength(2);
    expect(getHabitLog('h1', '2025-03-01')).toEqual(createLog({ notes: 'did it after all', positiveChangeId: 'pc1' }));
  });

  it('reads logs stored before the pending-sync flag existed, as not pending', () => {
    localStorage.setItem('habitLogs', JSON.stringify([createLog()]));
    expect(getHabitLogs()).toEqual([createLog()]);
    expect(getPendingHabitLogs()).toEqual([]);
  });

  it('lists pending logs in the order they were saved and clears the flag once settled', () => {
    saveHabitLog(createLog({ habitId: 'h2', pendingSync: true }));
    saveHabitLog(createLog({ pendingSync: false }));
    saveHabitLog(createLog({ date: '2025-03-02', pendingSync: true }));
    expect(getPendingHabitLogs().map((log) => [log.habitId, log.date])).toEqual([
      ['h2', '2025-03-01'],
      ['h1', '2025-03-02'],
    ]);

    clearHabitLogPending(createLog({ habitId: 'h2', pendingSync: true }));
    expect(getPendingHabitLogs()).toEqual([createLog({ date: '2025-03-02', pendingSync: true })]);
    expect(getHabitLog('h2', '2025-03-01')).toEqual(createLog({ habitId: 'h2', pendingSync: false }));
  });

  it('keeps an edit saved while the older version was being sent pending', () => {
    const sent = createLog({ completed: false, pendingSync: true });
    saveHabitLog(sent);
    saveHabitLog(createLog({ notes: 'changed my mind', pendingSync: true }));

    clearHabitLogPending(sent);
    expect(getPendingHabitLogs()).toEqual([createLog({ notes: 'changed my mind', pendingSync: true })]);
  });

  it('remembers endorsements per day only', () => {
    markEndorsed('u1', '2025-03-01');
    expect(hasEndorsed('u1', '2025-03-01')).toBe(true);
    expect(hasEndorsed('u1', '2025-03-02')).toBe(false);

    markEndorsed('u2', '2025-03-02');
    expect(hasEndorsed('u2', '2025-03-02')).toBe(true);
    expect(hasEndorsed('u1', '2025-03-01')).toBe(false);
  });

  it('stores and clears the sign-in choice', () => {
    setSelectedIdpType('azure_ad');
    setShouldAutoLogin(true);
    expect(getSelectedIdpType()).toBe('azure_ad');
    expect(getShouldAutoLogin()).toBe(true);

    clearSignInChoice();
    expect(getSelectedIdpType()).toBeNull();
    expect(getShouldAutoLogin()).toBe(false);
  });

  it('clears only its own keys', () => {
    markVisited();
    saveHabitLog(createLog());
    localStorage.setItem('someone-elses-key', 'x');

    clearLocalData();
    expect(hasVisited()).toBe(false);
    expect(getHabitLogs()).toEqual([]);
    expect(localStorage.getItem('someone-elses-key')).toBe('x');
  });

  it("reads other libraries' entries as they are", () => {
    localStorage.setItem('msal.2.account.keys', '["a"]');
    expect(readRawItem('msal.2.account.keys')).toBe('["a"]');
    expect(readRawItem('missing')).toBeNull();
  });

  it('blocks a second sign-in retry within the window only', () => {
    expect(isReloginBlocked(60_000, 1_000_000)).toBe(false);
    markReloginAttempt(1_000_000);
    expect(isReloginBlocked(60_000, 1_030_000)).toBe(true);
    expect(isReloginBlocked(60_000, 1_060_000)).toBe(false);
    sessionStorage.clear();
  });
});
