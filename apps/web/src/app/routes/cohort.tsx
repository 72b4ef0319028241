import { useMe } from '../../features/auth/api/get-me.ts';
import { getHabitLogs } from '../../features/check-in/utils/local-habit-logs.ts';
import { CohortPage } from '../../features/cohort/components/cohort-page.tsx';

// The signed-in person (already loaded by the account check) names their own row in the
// offline fallback, where the cohort list itself is missing, with the check-ins kept on this device.
export function Cohort() {
  const me = useMe();
  return <CohortPage you={me.data} readLocalLogs={getHabitLogs} />;
}
