import { useParams } from 'react-router';
import { CheckInPage } from '../../features/check-in/components/check-in-page.tsx';

export function HabitTrack() {
  const { habitId = '' } = useParams();
  // Keyed by habit: moving to another habit's check-in starts a fresh form.
  return <CheckInPage key={habitId} habitId={habitId} />;
}
