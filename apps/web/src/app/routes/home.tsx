import { useLingui } from '@lingui/react/macro';
import { Navigate } from 'react-router';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { WaitingForGoals } from '../../components/ui/waiting-for-goals.tsx';
import { useHybridAuth } from '../../features/auth/hooks/use-hybrid-auth.ts';
import { getHabitLogs } from '../../features/check-in/utils/local-habit-logs.ts';
import { useRootDecision } from '../../features/flow/hooks/use-root-decision.ts';
import { TermsModal } from '../../features/terms/components/terms-modal.tsx';

const hasLocalHabitLogs = () => getHabitLogs().length > 0;

// '/' only decides where the user belongs (docs/domain/dashboard-and-flow.md#root-route-decision).
// The terms modal is composed here because it needs the flow (to re-check) and the sign-in layer
// (to log out).
export function Home() {
  const { t } = useLingui();
  const checking = t`Checking your account status`;
  const { decision, recheck } = useRootDecision({ hasLocalHabitLogs });
  const { logout } = useHybridAuth();

  if (decision.status === 'loading') return <LoadingState label={checking} />;
  if (decision.kind === 'terms') {
    return (
      <>
        <LoadingState label={checking} />
        <TermsModal onAccepted={recheck} onDecline={() => void logout()} />
      </>
    );
  }
  if (decision.kind === 'waiting-for-goals') return <WaitingForGoals />;
  // `replace`: '/' is a decision, not a page; Back must not land on it and be sent on again.
  return <Navigate to={decision.to} replace />;
}
