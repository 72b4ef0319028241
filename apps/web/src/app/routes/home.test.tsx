import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFlowStatus } from '../../features/flow/testing/factories.ts';
import { neverAnswer, stubFlowApi } from '../../features/flow/testing/stub-flow-api.ts';
import { saveHabitLog } from '../../features/check-in/utils/local-habit-logs.ts';
import { hasVisited, markVisited } from '../../features/flow/utils/visited.ts';
import { renderRoute } from '../../test/render-route.tsx';

const answer = (overrides: Partial<TUserFlowStatusResponse>) => () => Response.json(createFlowStatus(overrides));
const failure = () => Response.json({ detail: 'database down' }, { status: 503 });

async function expectRedirect(router: ReturnType<typeof renderRoute>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
  // '/' decides and steps aside: Back must not return to it.
  expect(router.state.historyAction).toBe('REPLACE');
}

describe('root route decision', () => {
  it('says it is checking the account while the flow status loads', async () => {
    stubFlowApi({ flow: neverAnswer });
    renderRoute('/');

    expect(await screen.findByRole('status', { name: 'Checking your account status' })).toBeVisible();
    expect(screen.getByText('Checking your account status')).toBeVisible();
  });

  it('shows the blocking terms modal over a loading screen when the path is terms', async () => {
    stubFlowApi({ flow: answer({ navigation_path: 'terms', has_accepted_terms: false, has_active_habits: false }) });
    const { router } = renderRoute('/');

    const dialog = await screen.findByRole('dialog', { name: 'Terms and privacy' });
    expect(dialog).toHaveTextContent('never shown to your cohort mates or leaders individually');
    expect(screen.getByRole('button', { name: 'Accept & Continue' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Decline & Logout' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms and privacy' })).toBeVisible();
    expect(screen.getByText('Checking your account status')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(hasVisited()).toBe(false);
  });

  it.each([
    ['a leader without goals', { role: 'leader', has_organizational_goals: false }, '/leader/goals-setup'],
    ['a team leader with goals', { role: 'team_leader', has_organizational_goals: true }, '/team-leader/kpi-setup'],
    [
      'a member on the onboarding path',
      { navigation_path: 'onboarding', has_active_habits: false },
      '/programme/intro',
    ],
    ['a member on the dashboard path', { navigation_path: 'dashboard' }, '/programme/dashboard'],
  ] as const)('sends %s to %s and marks the visit', async (_, overrides, path) => {
    stubFlowApi({ flow: answer(overrides) });
    const { router } = renderRoute('/');

    await expectRedirect(router, path);
    expect(hasVisited()).toBe(true);
  });

  it('shows a team leader without goals the waiting message', async () => {
    stubFlowApi({ flow: answer({ role: 'team_leader', has_organizational_goals: false }) });
    const { router } = renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for Organizational Goals' })).toBeVisible();
    expect(screen.getByText(/leader is setting the organizational goals/)).toBeVisible();
    expect(screen.getByText(/you can define the KPIs for your departments/)).toBeVisible();
    expect(screen.getByText(/email notification when the goals are ready/)).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  describe('when the flow status fails (local fallback)', () => {
    it('goes to the dashboard when this browser has visited before', async () => {
      markVisited();
      stubFlowApi({ flow: failure });
      const { router } = renderRoute('/');

      await expectRedirect(router, '/programme/dashboard');
    });

    it('goes to the dashboard when habit logs are kept locally', async () => {
      saveHabitLog({ date: '2025-03-01', completed: true, notes: '', habitId: 'h1', positiveChangeId: null });
      stubFlowApi({ flow: failure });
      const { router } = renderRoute('/');

      await expectRedirect(router, '/programme/dashboard');
      // A guess does not make the user "returning".
      expect(hasVisited()).toBe(false);
    });

    it('goes to onboarding with nothing local, without showing the terms', async () => {
      stubFlowApi({ flow: () => Promise.reject(new TypeError('Failed to fetch')) });
      const { router } = renderRoute('/');

      await expectRedirect(router, '/programme/intro');
      expect(screen.queryByRole('dialog', { name: 'Terms and privacy' })).not.toBeInTheDocument();
      expect(hasVisited()).toBe(false);
    });
  });

  it('asks the server again rather than deciding from an old cached answer', async () => {
    const fetchMock = stubFlowApi({ flow: answer({ navigation_path: 'onboarding', has_active_habits: false }) });
    const { router } = renderRoute('/');
    await expectRedirect(router, '/programme/intro');

    fetchMock.mockClear();
    // Where each request was made from: the dashboard, once on screen, checks the status too.
    const askedAt: string[] = [];
    const flow = vi.fn(() => {
      askedAt.push(router.state.location.pathname);
      return answer({ navigation_path: 'dashboard' })();
    });
    stubFlowApi({ flow });
    await router.navigate('/');

    await expectRedirect(router, '/programme/dashboard');
    expect(askedAt.filter((path) => path === '/')).toHaveLength(1);
  });
});
