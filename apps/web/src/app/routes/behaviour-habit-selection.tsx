import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

export function BehaviourHabitSelection() {
  return (
    <PlaceholderPage
      title="Select Your Habits"
      description="Behaviours and their habits, from which you choose up to 3 to work on for the next 60 days."
    />
  );
}
