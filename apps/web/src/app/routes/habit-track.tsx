import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

export function HabitTrack() {
  const { habitId } = useParams();
  return (
    <PlaceholderPage
      title="Daily Check-in"
      description={`Log whether you practised habit ${habitId ?? ''} today, with optional notes and positive impact.`}
    />
  );
}
