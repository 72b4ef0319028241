import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getHabitLog, getRefusedHabitLogs, saveHabitLog } from '../utils/local-habit-logs.ts';
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

  describe('refused by the server when sent', () => {
    const PAUSED = 'Saturday, 18 October 2025 is a paused day of this habit: paused days cannot be logged.';

    function queueNamedCheckIn(habitId: string, userHabitId?: string) {
      saveHabitLog({
        habitId,
        date: '2025-10-18',
        completed: true,
        notes: 'On the train',
        positiveChangeId: null,
        pendingSync: true,
        habitName: 'Listening habit 1',
        ...(userHabitId ? { userHabitId } : {}),
      });
    }

    const refusingServer = (habitId: string) =>
      stubApi({ [logUrl(habitId)]: async () => Response.json({ detail: PAUSED }, { status: 409 }) });

    it('tells the member which habit and day and why, offers its days, and keeps it until dismissed', async () => {
      const habitId = crypto.randomUUID();
      const userHabitId = crypto.randomUUID();
      queueNamedCheckIn(habitId, userHabitId);
      const fetchMock = refusingServer(habitId);
      const view = renderRoute('/programme/dashboard');

      const alert = await screen.findByRole('alert', { name: /A check-in was not saved/ });
      expect(alert).toHaveTextContent(
        `Your check-in for Listening habit 1 on Saturday 18 October 2025 (done) was kept on this device, and HabiTrack refused it: ${PAUSED}`,
      );
      expect(alert).toHaveTextContent('Your note: “On the train”');
      expect(within(alert).getByRole('link', { name: 'See the days of Listening habit 1' })).toHaveAttribute(
        'href',
        `/programme/habits/${userHabitId}/history`,
      );
      // Out of the queue: the notice of check-ins waiting is gone, and it is not sent again.
      expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
      expect(getHabitLog(habitId, '2025-10-18')).toMatchObject({ pendingSync: false, refusal: { detail: PAUSED } });

      // Opening the dashboard again (another visit) tells it again, without sending it again.
      view.unmount();
      renderRoute('/programme/dashboard');
      const again = await screen.findByRole('alert', { name: /A check-in was not saved/ });
      expect(logBodies(fetchMock, habitId)).toHaveLength(1);

      // Dismissed from the keyboard.
      const dismiss = within(again).getByRole('button', { name: /^Dismiss/ });
      dismiss.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('alert', { name: /not saved/ })).not.toBeInTheDocument());
      expect(getRefusedHabitLogs()).toEqual([]);
      expect(getHabitLog(habitId, '2025-10-18')).toMatchObject({ notes: 'On the train', pendingSync: false });
    });

    it("offers the habit's check-in when the device does not know the member's habit", async () => {
      const habitId = crypto.randomUUID();
      queueNamedCheckIn(habitId);
      refusingServer(habitId);
      renderRoute('/programme/dashboard');

      const alert = await screen.findByRole('alert', { name: /A check-in was not saved/ });
      expect(within(alert).getByRole('link', { name: 'Open the check-in of Listening habit 1' })).toHaveAttribute(
        'href',
        `/programme/habit-track/${habitId}`,
      );
    });
  });
});
