import { HabitSelectionPage } from '../../features/habit-selection/components/habit-selection-page.tsx';

export function BehaviourHabitSelection() {
  return <HabitSelectionPage />;
}
