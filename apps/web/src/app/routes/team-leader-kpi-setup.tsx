import { KpiSetupPage } from '../../features/team-kpis/components/kpi-setup-page.tsx';

export function TeamLeaderKpiSetup() {
  return <KpiSetupPage />;
}
