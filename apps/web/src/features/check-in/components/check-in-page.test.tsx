import type { TPositiveChange } from '@habitrack/contracts/programmes/list-behaviours';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getHabitLog } from '../utils/local-habit-logs.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createHabit, createHabitLog, createTodayLog } from '../testing/factories.ts';
import { logBodies, stubCheckInApi } from '../testing/stub-check-in-api.ts';

const pathOf = (habitId: string) => `/programme/habit-track/${habitId}`;
const button = (name: string) => screen.getByRole('button', { name });

// Every location the router went through: the dashboard drops ?refresh right after arriving.
function recordLocations(router: ReturnType<typeof renderRoute>['router']) {
  const seen: string[] = [];
  router.subscribe((state) => seen.push(`${state.location.pathname}${state.location.search}`));
  return seen;
}

describe('Daily Check-in', () => {
  it('keeps Save disabled until an answer is chosen', async () => {
    const habit = createHabit();
    stubCheckInApi({ habitId: habit.id, today: createTodayLog(habit) });
    renderRoute(pathOf(habit.id));

    expect(await screen.findByRole('heading', { level: 2, name: 'Daily Check-ins' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Daily Check-in' })).toBeVisible();
    expect(button('Save Check-in')).toBeDisabled();
    expect(button('Yes completed')).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(button("No didn't do it"));
    expect(button("No didn't do it")).toHaveAttribute('aria-pressed', 'true');
    expect(button('Save Check-in')).toBeEnabled();
  });

  it('offers the positive changes as a second step after Yes, as a toggle, and sends choice and note', async () => {
    const habit = createHabit();
    const [warning, engaged] = habit.positive_changes as [TPositiveChange, TPositiveChange];
    const fetchMock = stubCheckInApi({ habitId: habit.id, today: createTodayLog(habit) });
    const { router } = renderRoute(pathOf(habit.id));
    const seen = recordLocations(router);

    await screen.findByRole('button', { name: 'Yes completed' });
    expect(screen.queryByRole('group', { name: /positive change/ })).not.toBeInTheDocument();
    await userEvent.click(button('Yes completed'));
    expect(screen.getByRole('group', { name: /positive change/ })).toBeVisible();
    expect(button('More engaged team')).toHaveAccessibleDescription('People speak up in meetings.');

    await userEvent.click(button(warning.name));
    await userEvent.click(button('More engaged team'));
    expect(button(warning.name)).toHaveAttribute('aria-pressed', 'false');
    expect(button('More engaged team')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button('More engaged team'));
    expect(button('More engaged team')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button('More engaged team'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), 'Good chat with Sam');
    await userEvent.click(button('Save Check-in'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    expect(seen).toContain('/programme/dashboard?refresh=1');
    expect(logBodies(fetchMock, habit.id)).toEqual([
      { log_type: 'completed', note: 'Good chat with Sam', positive_change_id: engaged.id, log_date: '2025-10-19' },
    ]);
    expect(getHabitLog(habit.id, '2025-10-19')).toMatchObject({ completed: true, pendingSync: false });
  });

  it('saves a completed habit without a change when none is picked', async () => {
    const habit = createHabit();
    const fetchMock = stubCheckInApi({ habitId: habit.id, today: createTodayLog(habit) });
    const { router } = renderRoute(pathOf(habit.id));

    await userEvent.click(await screen.findByRole('button', { name: 'Yes completed' }));
    await userEvent.click(button('Save Check-in'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    expect(logBodies(fetchMock, habit.id)).toEqual([{ log_type: 'completed', log_date: '2025-10-19' }]);
  });

  it("does not send a change picked before switching to No didn't do it", async () => {
    const habit = createHabit();
    const fetchMock = stubCheckInApi({ habitId: habit.id, today: createTodayLog(habit) });
    const { router } = renderRoute(pathOf(habit.id));

    await userEvent.click(await screen.findByRole('button', { name: 'Yes completed' }));
    await userEvent.click(button('More engaged team'));
    await userEvent.click(button("No didn't do it"));
    expect(screen.queryByRole('button', { name: 'More engaged team' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), 'Travelling');
    await userEvent.click(button('Save Check-in'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    expect(logBodies(fetchMock, habit.id)).toEqual([
      { log_type: 'skipped', note: 'Travelling', log_date: '2025-10-19' },
    ]);
  });

  it('says today is logged already and starts from that entry', async () => {
    const habit = createHabit();
    const today = createTodayLog(habit);
    const engaged = habit.positive_changes[1]!;
    today.log = createHabitLog(today, { note: 'Went well', positive_change_id: engaged.id });
    const fetchMock = stubCheckInApi({ habitId: habit.id, today });
    const { router } = renderRoute(pathOf(habit.id));

    expect(await screen.findByText("You've already logged today. You can update your entry below.")).toBeVisible();
    expect(button('Yes completed')).toHaveAttribute('aria-pressed', 'true');
    expect(button('More engaged team')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue('Went well');

    await userEvent.click(button('More engaged team'));
    await userEvent.click(button('Save Check-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    expect(logBodies(fetchMock, habit.id)).toEqual([
      { log_type: 'completed', note: 'Went well', log_date: '2025-10-19' },
    ]);
  });

  it('starts from the saved entry when reopened after saving, not from the earlier visit', async () => {
    const habit = createHabit();
    const today = createTodayLog(habit);
    const fetchMock = stubCheckInApi({ habitId: habit.id, today: () => Response.json(today) });
    const { router } = renderRoute(pathOf(habit.id));

    await userEvent.click(await screen.findByRole('button', { name: "No didn't do it" }));
    await userEvent.click(button('Save Check-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    today.log = createHabitLog(today, { log_type: 'skipped' });

    await act(() => router.navigate(pathOf(habit.id)));
    expect(await screen.findByText(/You've already logged today/)).toBeVisible();
    expect(button("No didn't do it")).toHaveAttribute('aria-pressed', 'true');
    expect(logBodies(fetchMock, habit.id)).toHaveLength(1);
  });

  it('leaves without saving on Skip for Now', async () => {
    const habit = createHabit();
    const fetchMock = stubCheckInApi({ habitId: habit.id, today: createTodayLog(habit) });
    const { router } = renderRoute(pathOf(habit.id));

    await userEvent.click(await screen.findByRole('button', { name: 'Yes completed' }));
    await userEvent.click(button('Skip for Now'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    expect(router.state.location.search).toBe('');
    expect(logBodies(fetchMock, habit.id)).toEqual([]);
    expect(getHabitLog(habit.id, '2025-10-19')).toBeUndefined();
  });
});
