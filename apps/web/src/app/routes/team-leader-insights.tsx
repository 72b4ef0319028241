import { InsightsPage } from '../../features/insights/components/insights-page.tsx';

export function TeamLeaderInsights() {
  return <InsightsPage audience="team_leader" />;
}
