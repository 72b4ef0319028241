import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

export function Dashboard() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="Your active habits with progress and streaks, your cohort, mood tracking and positive impacts."
    />
  );
}
