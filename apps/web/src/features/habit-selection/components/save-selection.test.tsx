import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCatalogue } from '../testing/catalogue.ts';
import { createUserHabit } from '../testing/factories.ts';
import { selectCalls, stubSelectionApi } from '../testing/stub-selection-api.ts';

const PATH = '/programme/behaviour-habit-selection';

async function expand(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  await screen.findByRole('region', { name: new RegExp(`^${name}`) });
}

// Every location the router passes through: the dashboard removes ?refresh=1 as soon as it has
// reloaded, so the current location alone would race it.
function recordLocations(router: ReturnType<typeof renderRoute>['router']): string[] {
  const visits: string[] = [];
  router.subscribe((state) => visits.push(`${state.location.pathname}${state.location.search}`));
  return visits;
}

function expectAtDashboard(visits: string[]) {
  return waitFor(() => expect(visits).toContain('/programme/dashboard?refresh=1'));
}

// Generous: jsdom's accessible-name lookups over a page of cards are slow on a busy CI machine.
describe('saving the habit selection', { timeout: 20_000 }, () => {
  it('posts only the new habits, one call each, then opens the dashboard', async () => {
    const { behaviours, habits } = createCatalogue();
    const fetchMock = stubSelectionApi({ behaviours, active: [habits.listening] });
    const { router } = renderRoute(PATH);
    const visits = recordLocations(router);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Clear Feedback' }));
    await expand('Recognition');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Say Thank You' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 new habit(s) (3 total)' }));

    await expectAtDashboard(visits);
    expect(selectCalls(fetchMock)).toEqual([
      ['POST', { habit_id: habits.feedback.id }],
      ['POST', { habit_id: habits.thanks.id }],
    ]);
  });

  it('posts nothing when only active habits are selected', async () => {
    const { behaviours, habits } = createCatalogue();
    const fetchMock = stubSelectionApi({ behaviours, active: [habits.listening, habits.wins] });
    const { router } = renderRoute(PATH);
    const visits = recordLocations(router);

    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Dashboard' }));
    await expectAtDashboard(visits);
    expect(selectCalls(fetchMock)).toEqual([]);
  });

  it('skips to the dashboard with nothing selected', async () => {
    const { behaviours } = createCatalogue();
    const fetchMock = stubSelectionApi({ behaviours });
    const { router } = renderRoute(PATH);
    const visits = recordLocations(router);

    await userEvent.click(await screen.findByRole('button', { name: 'Skip to Dashboard' }));
    await expectAtDashboard(visits);
    expect(selectCalls(fetchMock)).toEqual([]);
  });

  it('reads Selecting Habits... while the calls are pending', async () => {
    const { behaviours, habits } = createCatalogue();
    let answer: (response: Response) => void = () => {};
    stubSelectionApi({ behaviours, select: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderRoute(PATH);
    const visits = recordLocations(router);

    await expand('Focus');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Deep Work Block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start with 1 habit(s)' }));

    expect(await screen.findByRole('button', { name: 'Selecting Habits...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(router.state.location.pathname).toBe(PATH);
    answer(Response.json(createUserHabit(habits.deepWork), { status: 201 }));
    await expectAtDashboard(visits);
  });

  it('still opens the dashboard when a selection fails, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { behaviours, habits } = createCatalogue();
    const fetchMock = stubSelectionApi({
      behaviours,
      select: () => Response.json({ detail: 'You already have 3 active habits' }, { status: 409 }),
    });
    const { router } = renderRoute(PATH);
    const visits = recordLocations(router);

    await expand('Focus');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Deep Work Block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start with 1 habit(s)' }));

    await expectAtDashboard(visits);
    expect(selectCalls(fetchMock)).toEqual([['POST', { habit_id: habits.deepWork.id }]]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(habits.deepWork.id), expect.anything());
    warn.mockRestore();
  });

  it('goes back to the programme intro', async () => {
    const { behaviours } = createCatalogue();
    stubSelectionApi({ behaviours });
    const { router } = renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/intro'));
  });
});
