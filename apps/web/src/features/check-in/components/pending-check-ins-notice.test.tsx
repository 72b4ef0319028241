import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getHabitLog, saveHabitLog } from '../utils/local-habit-logs.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import { logBodies, logUrl } from '../testing/stub-check-in-api.ts';

const NOTICE = /saved on this device and will sync/;

function queueCheckIn(habitId: string) {
  saveHabitLog({
    habitId,
    date: '2025-10-18',
    completed: true,
    notes: 'On the train',
    positiveChangeId: null,
    pendingSync: true,
  });
}

function stubLogServer(habitId: string, state: { online: boolean }) {
  return stubApi({
    [logUrl(habitId)]: async () => {
      if (!state.online) throw new TypeError('Failed to fetch');
      return Response.json(
        {
          id: crypto.randomUUID(),
          user_habit_id: crypto.randomUUID(),
          habit_id: habitId,
          log_date: '2025-10-18',
          log_type: 'completed',
          note: 'On the train',
          positive_change_id: null,
        },
        { status: 201 },
      );
    },
  });
}

const dashboardLoads = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/v1/dashboard/').length;

// The queue is sent from the dashboard (app/routes/dashboard.tsx composes the notice there).
describe('check-ins kept on this device', () => {
  it('are sent again when the dashboard opens, then cleared, and the dashboard reloads', async () => {
    const habitId = crypto.randomUUID();
    queueCheckIn(habitId);
    const fetchMock = stubLogServer(habitId, { online: true });
    renderRoute('/programme/dashboard');

    await waitFor(() => expect(getHabitLog(habitId, '2025-10-18')?.pendingSync).toBe(false));
    expect(logBodies(fetchMock, habitId)).toEqual([
      { log_type: 'completed', note: 'On the train', log_date: '2025-10-18' },
    ]);
    await waitFor(() => expect(dashboardLoads(fetchMock)).toBe(2));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('wait while the API is unreachable, and go when the browser is back online', async () => {
    const habitId = crypto.randomUUID();
    queueCheckIn(habitId);
    const network = { online: false };
    const fetchMock = stubLogServer(habitId, network);
    renderRoute('/programme/dashboard');

    expect(await screen.findByText(NOTICE)).toBeVisible();
    expect(getHabitLog(habitId, '2025-10-18')?.pendingSync).toBe(true);

    network.online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
    expect(getHabitLog(habitId, '2025-10-18')?.pendingSync).toBe(false);
    expect(logBodies(fetchMock, habitId)).toHaveLength(2);
  });
});
