import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

export function Cohort() {
  return (
    <PlaceholderPage
      title="Cohort"
      description="The cohort leaderboard: progress, streaks and endorsements of everyone in your cohort."
    />
  );
}
