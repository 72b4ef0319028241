import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { isFreshAnswer } from '../../../lib/fresh-answer.ts';
import { useCurrentProgramme } from '../../../lib/queries/current-programme.ts';
import { useHabits } from '../api/list-habits.ts';
import { useBehaviours } from '../api/list-behaviours.ts';
import { useMyActiveHabits } from '../api/list-my-active-habits.ts';
import { buildHabitGroups, type THabitGroup } from '../utils/habit-groups.ts';

export type THabitCatalogue =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'success';
      programme: TProgramme | null;
      groups: THabitGroup[];
      activeIds: ReadonlySet<string>;
      // Every answer is fresh (docs/decisions/012): until then, kept or cached answers paint the page.
      fresh: boolean;
    };

// Everything the page needs before it can show a choice: the programme's behaviours (or, with no
// programme, every habit) and the member's active habits, which start out selected.
export function useHabitCatalogue(): THabitCatalogue {
  const programme = useCurrentProgramme();
  const behaviours = useBehaviours(programme.data?.id);
  const allHabits = useHabits(programme.data === null);
  const active = useMyActiveHabits();

  const catalogue = programme.data === null ? allHabits : behaviours;
  // The catalogue query only starts once the programme is known, so it only counts from then.
  const queries = programme.isSuccess ? [programme, active, catalogue] : [programme, active];
  const failed = queries.filter((query) => query.isError);
  if (failed.length > 0) {
    return { status: 'error', retry: () => failed.forEach((query) => void query.refetch()) };
  }
  if (!programme.isSuccess || !active.isSuccess || !catalogue.isSuccess) return { status: 'pending' };

  const activeHabits = active.data.map((userHabit) => userHabit.habit);
  return {
    status: 'success',
    programme: programme.data,
    groups: buildHabitGroups({
      ...(programme.data === null ? { allHabits: allHabits.data ?? [] } : { behaviours: behaviours.data ?? [] }),
      activeHabits,
    }),
    activeIds: new Set(activeHabits.map((habit) => habit.id)),
    fresh: queries.every(isFreshAnswer),
  };
}
