import { InsightsPage } from '../../features/insights/components/insights-page.tsx';

export function LeaderInsights() {
  return <InsightsPage audience="leader" />;
}
