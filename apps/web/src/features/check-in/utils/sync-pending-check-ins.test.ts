import { describe, expect, it } from 'vitest';
import {
  acknowledgeRefusal,
  getHabitLogs,
  getPendingHabitLogs,
  getRefusedHabitLogs,
  saveHabitLog,
  type TLocalHabitLog,
} from './local-habit-logs.ts';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { syncPendingCheckIns } from './sync-pending-check-ins.ts';

function createLog(overrides: Partial<TLocalHabitLog> = {}): TLocalHabitLog {
  return {
    habitId: crypto.randomUUID(),
    date: '2025-10-18',
    completed: true,
    notes: '',
    positiveChangeId: null,
    pendingSync: true,
    ...overrides,
  };
}

// What the server answers is not this code's concern once it is 2xx; a valid log keeps the contract happy.
function created(): Response {
  const id = crypto.randomUUID();
  const log = { id, user_habit_id: id, habit_id: id, log_date: '2025-10-18', log_type: 'completed', note: null };
  return Response.json({ ...log, positive_change_id: null }, { status: 201 });
}

describe('syncPendingCheckIns', () => {
  it('sends each pending check-in with its own date, oldest first, and clears the queue', async () => {
    const change = crypto.randomUUID();
    const first = createLog({ date: '2025-10-17', notes: ' Late entry ', positiveChangeId: change });
    const second = createLog({ completed: false, positiveChangeId: change });
    saveHabitLog(first);
    saveHabitLog(createLog({ pendingSync: false }));
    saveHabitLog(second);
    const sent: Array<[string, unknown]> = [];
    stubFetch(async (url, init) => {
      sent.push([String(url), JSON.parse(String(init?.body))]);
      return created();
    });

    await expect(syncPendingCheckIns()).resolves.toEqual({ sent: 2, refused: 0, remaining: 0 });
    expect(sent).toEqual([
      [
        `/api/v1/habits/${first.habitId}/log`,
        { log_type: 'completed', note: 'Late entry', positive_change_id: change, log_date: '2025-10-17' },
      ],
      [`/api/v1/habits/${second.habitId}/log`, { log_type: 'skipped', log_date: '2025-10-18' }],
    ]);
    expect(getHabitLogs()).toHaveLength(3);
  });

  it('stops at the first failure that may pass later and keeps everything queued', async () => {
    saveHabitLog(createLog());
    saveHabitLog(createLog());
    const fetchMock = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(syncPendingCheckIns()).resolves.toEqual({ sent: 0, refused: 0, remaining: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([500, 503, 401, 429])('keeps a check-in queued after a %i', async (status) => {
    saveHabitLog(createLog());
    stubFetch(async () => Response.json({ detail: 'not now' }, { status }));

    await expect(syncPendingCheckIns()).resolves.toMatchObject({ remaining: 1 });
  });

  it('takes a check-in the server refuses out of the queue and keeps it with the reason until acknowledged', async () => {
    const late = createLog({ date: '2025-09-01' });
    saveHabitLog(late);
    saveHabitLog(createLog());
    let calls = 0;
    stubFetch(async () => {
      calls += 1;
      return calls === 1
        ? Response.json({ detail: 'A check-in can be at most 2 days late.' }, { status: 409 })
        : Response.json({ detail: 'x' }, { status: 503 });
    });

    await expect(syncPendingCheckIns()).resolves.toEqual({ sent: 0, refused: 1, remaining: 1 });
    expect(getPendingHabitLogs().map((log) => log.date)).toEqual(['2025-10-18']);
    expect(getHabitLogs()).toHaveLength(2);
    expect(getRefusedHabitLogs()).toEqual([
      { ...late, pendingSync: false, refusal: { status: 409, detail: 'A check-in can be at most 2 days late.' } },
    ]);

    acknowledgeRefusal(late);
    expect(getRefusedHabitLogs()).toEqual([]);
    // Still on the device, as any check-in the server does not hold.
    expect(getHabitLogs().find((log) => log.date === '2025-09-01')).toEqual({ ...late, pendingSync: false });
  });

  it('keeps an edit saved while the refused check-in was on its way queued, without the refusal', async () => {
    const sent = createLog({ completed: true });
    saveHabitLog(sent);
    stubFetch(async () => {
      // The member changes their answer for the day while the first one is being sent.
      saveHabitLog({ ...sent, completed: false });
      return Response.json({ detail: 'Refused.' }, { status: 422 });
    });

    await expect(syncPendingCheckIns()).resolves.toMatchObject({ refused: 1, remaining: 1 });
    expect(getRefusedHabitLogs()).toEqual([]);
    expect(getPendingHabitLogs()).toEqual([{ ...sent, completed: false }]);
  });

  it('runs once at a time', async () => {
    saveHabitLog(createLog());
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));

    const a = syncPendingCheckIns();
    const b = syncPendingCheckIns();
    expect(b).toBe(a);
    answer(created());
    await expect(a).resolves.toMatchObject({ sent: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
