import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isFreshAnswer } from '../../../lib/fresh-answer.ts';
import { userFlowStatusQueryOptions, useUserFlowStatus } from '../../../lib/queries/user-flow-status.ts';
import { localFallback } from '../utils/local-fallback.ts';
import { decideRoot, INTRO_PATH, type TRootOutcome } from '../utils/root-decision.ts';
import { hasVisited, markVisited } from '../utils/visited.ts';

// If the status is still not there after 15 s, the user goes on to onboarding
// (docs/domain/dashboard-and-flow.md#root-route-decision). The request itself aborts at 10 s, but
// the clock here also covers what comes before it (getting a token from the sign-in provider can
// hang where the request's own time-out does not reach).
export const ROOT_DECISION_FALLBACK_MS = 15_000;

export type TRootDecision = { status: 'loading' } | ({ status: 'decided' } & TRootOutcome);

type TRootDecisionOptions = {
  // Whether this browser keeps check-ins (the check-in feature's, so the route asks it).
  hasLocalHabitLogs: () => boolean;
};

// The root route's answer: loading, the terms, the waiting message or where to go.
export function useRootDecision({ hasLocalHabitLogs }: TRootDecisionOptions): {
  decision: TRootDecision;
  recheck: () => Promise<void>;
} {
  const flow = useUserFlowStatus();
  const queryClient = useQueryClient();
  const [overdue, setOverdue] = useState(false);

  // A status kept or cached before may be out of date (habits chosen since, for instance), so it
  // decides only once refreshed (docs/decisions/012); one fetched since (after accepting the terms) stands.
  const fromServer = isFreshAnswer(flow) && flow.data ? decideRoot(flow.data) : null;
  const outcome: TRootOutcome | null =
    fromServer ??
    (flow.isError
      ? decideRoot(localFallback({ visited: hasVisited(), hasLocalHabitLogs: hasLocalHabitLogs() }))
      : overdue
        ? { kind: 'redirect', to: INTRO_PATH }
        : null);

  const settled = outcome !== null;
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setOverdue(true), ROOT_DECISION_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [settled]);

  // Only a decision from the server's answer marks the user as returning: the fallback is itself a
  // guess, and marking it would make the next offline guess "dashboard" for someone with no habits.
  const passedDecision = fromServer !== null && fromServer.kind !== 'terms';
  useEffect(() => {
    if (passedDecision) markVisited();
  }, [passedDecision]);

  const recheck = useCallback(
    () => queryClient.invalidateQueries({ queryKey: userFlowStatusQueryOptions.queryKey }),
    [queryClient],
  );

  return { decision: outcome ? { status: 'decided', ...outcome } : { status: 'loading' }, recheck };
}
