import { describe, expect, it } from 'vitest';
import {
  clearHabitLogPending,
  clearHabitLogs,
  getHabitLog,
  getHabitLogs,
  getPendingHabitLogs,
  saveHabitLog,
  type TLocalHabitLog,
} from './local-habit-logs.ts';

function createLog(overrides: Partial<TLocalHabitLog> = {}): TLocalHabitLog {
  return { date: '2025-03-01', completed: true, notes: '', habitId: 'h1', positiveChangeId: null, ...overrides };
}

describe('local habit logs', () => {
  it('are empty when nothing, corrupt JSON or something else than a list is stored', () => {
    expect(getHabitLogs()).toEqual([]);
    localStorage.setItem('habitLogs', '{not json');
    expect(getHabitLogs()).toEqual([]);
    localStorage.setItem('habitLogs', '{"a":1}');
    expect(getHabitLogs()).toEqual([]);
  });

  it('keep the valid logs of a partly damaged list', () => {
    localStorage.setItem('habitLogs', JSON.stringify([createLog(), { date: 5 }, null]));
    expect(getHabitLogs()).toEqual([createLog()]);
  });

  it('keep one log per habit and day, the latest winning', () => {
    saveHabitLog(createLog({ completed: false }));
    saveHabitLog(createLog({ habitId: 'h2' }));
    saveHabitLog(createLog({ notes: 'did it after all', positiveChangeId: 'pc1' }));

    expect(getHabitLogs()).toHaveLength(2);
    expect(getHabitLog('h1', '2025-03-01')).toEqual(createLog({ notes: 'did it after all', positiveChangeId: 'pc1' }));
  });

  it('read logs stored before the pending-sync flag existed as not pending', () => {
    localStorage.setItem('habitLogs', JSON.stringify([createLog()]));
    expect(getHabitLogs()).toEqual([createLog()]);
    expect(getPendingHabitLogs()).toEqual([]);
  });

  it('list pending logs in the order they were saved and clear the flag once settled', () => {
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

  it('keep an edit saved while the older version was being sent pending', () => {
    const sent = createLog({ completed: false, pendingSync: true });
    saveHabitLog(sent);
    saveHabitLog(createLog({ notes: 'changed my mind', pendingSync: true }));

    clearHabitLogPending(sent);
    expect(getPendingHabitLogs()).toEqual([createLog({ notes: 'changed my mind', pendingSync: true })]);
  });

  it('are all forgotten by clearHabitLogs, and only they', () => {
    saveHabitLog(createLog());
    localStorage.setItem('someone-elses-key', 'x');

    clearHabitLogs();
    expect(getHabitLogs()).toEqual([]);
    expect(localStorage.getItem('someone-elses-key')).toBe('x');
  });
});
