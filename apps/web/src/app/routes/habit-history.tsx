import { useParams } from 'react-router';
import { HabitHistoryPage } from '../../features/habit-history/components/habit-history-page.tsx';

export function HabitHistory() {
  const { userHabitId = '' } = useParams();
  // Keyed by habit: another habit's history starts with its own selected day.
  return <HabitHistoryPage key={userHabitId} userHabitId={userHabitId} />;
}
