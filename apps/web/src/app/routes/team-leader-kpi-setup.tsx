import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

export function TeamLeaderKpiSetup() {
  return (
    <PlaceholderPage
      title="Departments and KPIs"
      description="Define your departments and their KPIs for each organisational goal."
    />
  );
}
