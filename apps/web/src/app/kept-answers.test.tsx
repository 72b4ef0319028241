import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDashboard, createFlowStatus } from '../features/dashboard/testing/factories.ts';
import { createCatalogue } from '../features/habit-selection/testing/catalogue.ts';
import { createProgramme, createUserHabit } from '../features/habit-selection/testing/factories.ts';
import { stubSelectionApi } from '../features/habit-selection/testing/stub-selection-api.ts';
import { toDayKey } from '../lib/dates.ts';
import { setSelectedIdpType } from '../features/auth/utils/sign-in-choice.ts';
import { setQuerySnapshot, type TQuerySnapshot } from '../lib/persisted-queries.ts';
import { controlledAuth, PRIYA, renderWithAuth, storeSdkSession } from '../test/kept-session.tsx';
import { createMe, stubApi } from '../test/stub-api.ts';

// docs/decisions/012: answers kept in this browser from an earlier visit may paint a screen while
// the fresh ones load; they never redirect, and a screen's first state follows the fresh answer.
// Each test keeps answers that the server has since overturned, and checks the fresh one wins.

function keep(entries: Array<{ key: unknown[]; data: unknown }>, me = createMe()) {
  const date = toDayKey();
  const snapshot: TQuerySnapshot = {
    account: 'auth0:auth0|priya',
    entries: [{ key: ['auth', 'me'], data: me, date }, ...entries.map((entry) => ({ ...entry, date }))],
  };
  setQuerySnapshot(snapshot);
  storeSdkSession('auth0|priya');
}

function behaviour(name: string) {
  return screen.getByRole('button', { name: new RegExp(`^${name}`) });
}

describe('answers kept from an earlier visit', () => {
  beforeEach(() => setSelectedIdpType('auth0'));

  it('never send a leader back to the goals when the server says they exist', async () => {
    const eleanor = createMe({ full_name: 'Eleanor Whitfield', role: 'leader' });
    keep(
      [
        {
          key: ['auth', 'user-flow-status'],
          data: createFlowStatus({ role: 'leader', has_organizational_goals: false }),
        },
        { key: ['dashboard'], data: createDashboard({ user_name: 'Eleanor Whitfield' }) },
      ],
      eleanor,
    );
    stubApi({
      '/api/v1/auth/me': () => Response.json(eleanor),
      '/api/v1/auth/user-flow-status': () =>
        Response.json(createFlowStatus({ role: 'leader', has_organizational_goals: true })),
      '/api/v1/dashboard/': () => Response.json(createDashboard({ user_name: 'Eleanor Whitfield' })),
      '/api/v1/programmes/current': () => Response.json({ detail: 'none' }, { status: 404 }),
    });
    const auth = controlledAuth();
    const { paths } = renderWithAuth(auth, '/programme/dashboard');

    // The kept page is on screen (the header's account check is kept too), the SDK not yet started.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    auth.signIn({ ...PRIYA, name: 'Eleanor Whitfield' });

    expect(await screen.findByText('Welcome back, Eleanor Whitfield!')).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/Loading/)).not.toBeInTheDocument());
    expect(paths).toEqual(['/programme/dashboard']);
  });

  it('never send a member to the intro when the server says they have habits now', async () => {
    keep([
      {
        key: ['auth', 'user-flow-status'],
        data: createFlowStatus({ navigation_path: 'onboarding', has_active_habits: false }),
      },
    ]);
    stubApi({
      '/api/v1/auth/user-flow-status': () => Response.json(createFlowStatus()),
      '/api/v1/dashboard/': () => Response.json(createDashboard({ user_name: 'Fresh Priya' })),
      '/api/v1/programmes/current': () => Response.json({ detail: 'none' }, { status: 404 }),
    });
    const auth = controlledAuth();
    const { paths } = renderWithAuth(auth, '/');

    expect(await screen.findByText('Checking your account status')).toBeInTheDocument();
    auth.signIn(PRIYA);

    expect(await screen.findByText('Welcome back, Fresh Priya!')).toBeVisible();
    expect(paths).toEqual(['/', '/programme/dashboard']);
  });

  it('open the behaviours holding the habits the member has picked since, as the fresh answer says', async () => {
    const { behaviours, habits } = createCatalogue();
    const programme = createProgramme();
    keep([
      { key: ['programmes', 'current'], data: programme },
      { key: ['programmes', programme.id, 'behaviours'], data: behaviours },
      { key: ['habits', 'my-active'], data: [] },
    ]);
    stubSelectionApi({ programme, behaviours, active: [habits.listening, habits.checkIns] });
    const auth = controlledAuth();
    renderWithAuth(auth, '/programme/behaviour-habit-selection');

    // Painted from the kept answers: nothing active yet, every behaviour closed.
    expect(await screen.findByText('3 habits · 0 selected · 0 currently active')).toBeInTheDocument();
    expect(behaviour('Communication')).toHaveAttribute('aria-expanded', 'false');
    auth.signIn(PRIYA);

    expect(await screen.findByText('3 habits · 2 selected · 2 currently active')).toBeInTheDocument();
    await waitFor(() => expect(behaviour('Communication')).toHaveAttribute('aria-expanded', 'true'));
    expect(behaviour('Recognition')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('checkbox', { name: 'Active Listening' })).toBeChecked();
  });

  it('leave the behaviours as the member arranged them before the fresh answer came', async () => {
    const { behaviours, habits } = createCatalogue();
    const programme = createProgramme();
    keep([
      { key: ['programmes', 'current'], data: programme },
      { key: ['programmes', programme.id, 'behaviours'], data: behaviours },
      { key: ['habits', 'my-active'], data: [createUserHabit(habits.thanks)] },
    ]);
    stubSelectionApi({ programme, behaviours, active: [habits.thanks, habits.deepWork] });
    const auth = controlledAuth();
    renderWithAuth(auth, '/programme/behaviour-habit-selection');
    expect(await screen.findByText('2 habits · 1 selected · 1 currently active')).toBeInTheDocument();
    expect(behaviour('Recognition')).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(behaviour('Recognition'));
    auth.signIn(PRIYA);

    await waitFor(() =>
      expect(within(behaviour('Focus')).getByText('1 habit · 1 selected · 1 currently active')).toBeInTheDocument(),
    );
    expect(behaviour('Recognition')).toHaveAttribute('aria-expanded', 'false');
    expect(behaviour('Focus')).toHaveAttribute('aria-expanded', 'false');
  });
});
