import type { TBehaviour, THabit } from '@habitrack/contracts/programmes/list-behaviours';

export type THabitGroup = {
  id: string;
  name: string;
  description: string | null;
  habits: THabit[];
};

type BuildInput = {
  // The programme's behaviours; undefined when the member has no programme.
  behaviours?: TBehaviour[];
  // GET /habits/ when there is no programme
  // (docs/domain/habits-and-the-frame.md#selecting-on-the-select-your-habits-screen): shown as one
  // group.
  allHabits?: THabit[];
  activeHabits: THabit[];
};

export const ALL_HABITS_GROUP_ID = 'all-habits';
export const OTHER_ACTIVE_GROUP_ID = 'other-active-habits';

export function buildHabitGroups({ behaviours, allHabits = [], activeHabits }: BuildInput): THabitGroup[] {
  const groups: THabitGroup[] = behaviours
    ? behaviours.map(({ id, name, description, habits }) => ({ id, name, description, habits }))
    : [{ id: ALL_HABITS_GROUP_ID, name: 'Available Habits', description: null, habits: allHabits }];
  // An active habit from outside this programme still takes one of the 3 places; showing it
  // explains the counter instead of leaving a selection the user cannot see.
  const shown = new Set(groups.flatMap((group) => group.habits.map((habit) => habit.id)));
  const unseen = activeHabits.filter((habit) => !shown.has(habit.id));
  if (unseen.length === 0) return groups;
  return [
    ...groups,
    { id: OTHER_ACTIVE_GROUP_ID, name: 'Your Other Active Habits', description: null, habits: unseen },
  ];
}

export type TGroupCounts = { habits: number; selected: number; active: number };

export function countGroup(group: THabitGroup, selectedIds: ReadonlySet<string>, activeIds: ReadonlySet<string>) {
  const ids = group.habits.map((habit) => habit.id);
  return {
    habits: ids.length,
    selected: ids.filter((id) => selectedIds.has(id)).length,
    active: ids.filter((id) => activeIds.has(id)).length,
  } satisfies TGroupCounts;
}

// A behaviour starts expanded if it holds a selected or active habit
// (docs/domain/screens.md#select-your-habits). A lone group (the no-programme fallback) also starts
// open, so the page never opens on a single closed box.
export function initiallyExpandedGroupIds(groups: THabitGroup[], selectedIds: ReadonlySet<string>): string[] {
  if (groups.length === 1) return groups.map((group) => group.id);
  return groups.filter((group) => group.habits.some((habit) => selectedIds.has(habit.id))).map((group) => group.id);
}
