import { GoalsSetupPage } from '../../features/leader-goals/components/goals-setup-page.tsx';

export function LeaderGoalsSetup() {
  return <GoalsSetupPage />;
}
