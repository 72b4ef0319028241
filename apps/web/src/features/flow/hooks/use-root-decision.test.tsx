import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasVisited, markVisited } from '../utils/visited.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { FLOW_STATUS_TIMEOUT_MS } from '../../../lib/queries/user-flow-status.ts';
import { createFlowStatus } from '../testing/factories.ts';
import { answerOnlyAbort, flowStatusCalls, neverAnswer, stubFlowApi } from '../testing/stub-flow-api.ts';
import { ROOT_DECISION_FALLBACK_MS } from './use-root-decision.ts';

const CHECKING = 'Checking your account status';

// jsdom runs AbortSignal.timeout on its own clock, out of the fake timers' reach; this one runs on
// the (faked) global setTimeout, so the test can move the 10 s along.
function fakeTimeoutSignals() {
  return vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
    return controller.signal;
  });
}

// Sign-in, config and the account check run on real promises; the clock still moves with real
// time (shouldAdvanceTime) so Testing Library's waits work, and jumps where a test says so.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('flow status time limits (docs/domain/constants.md#web-app-timings)', () => {
  it('aborts the flow status call after 10 s and uses the local fallback', async () => {
    const timeout = fakeTimeoutSignals();
    markVisited();
    const fetchMock = stubFlowApi({ flow: answerOnlyAbort });
    const { router } = renderRoute('/');

    expect(await screen.findByText(CHECKING)).toBeVisible();
    await waitFor(() => expect(flowStatusCalls(fetchMock)).toHaveLength(1));
    expect(timeout).toHaveBeenCalledWith(FLOW_STATUS_TIMEOUT_MS);
    const signal = flowStatusCalls(fetchMock)[0]?.[1]?.signal;

    await act(() => vi.advanceTimersByTimeAsync(FLOW_STATUS_TIMEOUT_MS - 100));
    expect(signal?.aborted).toBe(false);
    expect(screen.getByText(CHECKING)).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(signal?.aborted).toBe(true);
    // The visited flag says "returning", so the fallback goes to the dashboard, not onboarding.
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
  });

  it('goes on to onboarding when the status is still not there after 15 s', async () => {
    markVisited();
    stubFlowApi({ flow: neverAnswer });
    const { router } = renderRoute('/');

    expect(await screen.findByText(CHECKING)).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(ROOT_DECISION_FALLBACK_MS - 500));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText(CHECKING)).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(500));
    // Onboarding even for a returning user: the root route decision names no other way for this
    // case (docs/domain/dashboard-and-flow.md#root-route-decision).
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/intro'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does not fall back once the status has arrived', async () => {
    // The waiting message stays on '/', so a late fallback would still be able to move it.
    stubFlowApi({
      flow: () => Response.json(createFlowStatus({ role: 'team_leader', has_organizational_goals: false })),
    });
    const { router } = renderRoute('/');

    expect(await screen.findByRole('heading', { name: 'Waiting for Organizational Goals' })).toBeVisible();
    expect(hasVisited()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(ROOT_DECISION_FALLBACK_MS + 1_000));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Waiting for Organizational Goals' })).toBeVisible();
  });
});
