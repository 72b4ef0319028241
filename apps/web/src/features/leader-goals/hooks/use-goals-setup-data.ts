import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { useCurrentProgramme } from '../../../lib/queries/current-programme.ts';
import { useGoals } from '../api/list-goals.ts';

export type TGoalsSetupData =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'no-programme' }
  | { status: 'success'; programme: TProgramme; goals: TOrganizationalGoal[] };

// The programme (its id names every goal call, its start date decides whether goals can change)
// and the goals stored for it.
export function useGoalsSetupData(): TGoalsSetupData {
  const programme = useCurrentProgramme();
  const goals = useGoals(programme.data?.id);

  if (programme.isError) return { status: 'error', retry: () => void programme.refetch() };
  if (programme.isPending) return { status: 'pending' };
  if (programme.data === null) return { status: 'no-programme' };
  if (goals.isError) return { status: 'error', retry: () => void goals.refetch() };
  if (goals.isPending) return { status: 'pending' };
  return { status: 'success', programme: programme.data, goals: goals.data };
}
