import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getHabitLog } from '../utils/local-habit-logs.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createHabit, createHabitLog, createTodayLog } from '../testing/factories.ts';
import { logBodies, stubCheckInApi } from '../testing/stub-check-in-api.ts';

const pathOf = (habitId: string) => `/programme/habit-track/${habitId}`;
const button = (name: string) => screen.getByRole('button', { name });

// When things go wrong (docs/domain/check-ins.md#check-ins-kept-on-the-device): the member's
// check-in is never lost and they carry on.
describe('Daily Check-in when the server fails', () => {
  it('keeps the check-in on the device and still continues when the server fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const habit = createHabit();
    const today = createTodayLog(habit);
    const fetchMock = stubCheckInApi({
      habitId: habit.id,
      today,
      log: () => Response.json({ detail: 'Service unavailable' }, { status: 503 }),
    });
    const { router } = renderRoute(pathOf(habit.id));

    await userEvent.click(await screen.findByRole('button', { name: "No didn't do it" }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), 'Sick day');
    await userEvent.click(button('Save Check-in'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    expect(getHabitLog(habit.id, '2025-10-19')).toEqual({
      habitId: habit.id,
      date: '2025-10-19',
      completed: false,
      notes: 'Sick day',
      positiveChangeId: null,
      pendingSync: true,
      habitName: habit.name,
      userHabitId: today.user_habit_id,
    });
    expect(await screen.findByText(/Your check-in is saved on this device and will sync/)).toBeVisible();
    expect(consoleError).toHaveBeenCalled();
    // The dashboard tried once more on arrival; the server still failing, it stays queued.
    await waitFor(() => expect(logBodies(fetchMock, habit.id)).toHaveLength(2));
    expect(getHabitLog(habit.id, '2025-10-19')?.pendingSync).toBe(true);
    consoleError.mockRestore();
  });

  it('shows the default habit when the habit cannot be loaded, and can still check in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const habitId = crypto.randomUUID();
    const fetchMock = stubCheckInApi({ habitId, today: () => Response.json({ detail: 'down' }, { status: 503 }) });
    const { router } = renderRoute(pathOf(habitId));

    // A 5xx is tried once more (after a second) before the default shows.
    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: 'Practice Daily Check-ins' },
      { timeout: 5_000 },
    );
    expect(heading).toBeVisible();
    expect(screen.getByText('10 minutes one-on-one check-ins')).toBeVisible();
    await userEvent.click(button('Yes completed'));
    expect(screen.queryByRole('group', { name: /positive change/ })).not.toBeInTheDocument();
    await userEvent.click(button('Save Check-in'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    expect(logBodies(fetchMock, habitId)).toEqual([{ log_type: 'completed', log_date: expect.any(String) }]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('starts from a check-in still waiting on this device and says so', async () => {
    const habit = createHabit();
    const today = createTodayLog(habit);
    today.log = createHabitLog(today, { log_type: 'completed', note: 'old' });
    localStorage.setItem(
      'habitLogs',
      JSON.stringify([
        {
          habitId: habit.id,
          date: '2025-10-19',
          completed: false,
          notes: 'newer',
          positiveChangeId: null,
          pendingSync: true,
        },
      ]),
    );
    stubCheckInApi({ habitId: habit.id, today });
    renderRoute(pathOf(habit.id));

    expect(await screen.findByText(/saved on this device and will sync/)).toBeVisible();
    expect(button("No didn't do it")).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue('newer');
  });

  it('keeps a check-in the server refuses on saving and tells the member on the dashboard', async () => {
    const habit = createHabit();
    const today = createTodayLog(habit);
    const detail = 'Sunday, 19 October 2025 is a paused day of this habit: paused days cannot be logged.';
    const fetchMock = stubCheckInApi({
      habitId: habit.id,
      today,
      log: () => Response.json({ detail }, { status: 409 }),
    });
    const { router } = renderRoute(pathOf(habit.id));

    await userEvent.click(await screen.findByRole('button', { name: 'Yes completed' }));
    await userEvent.click(button('Save Check-in'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    const alert = await screen.findByRole('alert', { name: /A check-in was not saved/ });
    expect(alert).toHaveTextContent(`Your check-in for ${habit.name} on Sunday 19 October 2025 (done)`);
    expect(alert).toHaveTextContent(detail);
    expect(getHabitLog(habit.id, '2025-10-19')).toMatchObject({
      pendingSync: false,
      refusal: { status: 409, detail },
    });
    // Refused for good: the dashboard does not send it again.
    expect(logBodies(fetchMock, habit.id)).toHaveLength(1);
  });
});
