import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

export function LeaderGoalsSetup() {
  return (
    <PlaceholderPage
      title="Organisational goals"
      description="Set the organisational goals for the programme before it starts."
    />
  );
}
