import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useHabitCatalogue } from '../hooks/use-habit-catalogue.ts';
import { HabitSelectionForm } from './habit-selection-form.tsx';

// SPEC §2 "Select Your Habits". The form mounts only once everything is loaded, so the active
// habits are pre-selected and the right behaviours open from the first frame.
export function HabitSelectionPage() {
  const catalogue = useHabitCatalogue();
  if (catalogue.status === 'pending') return <LoadingState label="Loading habits..." />;
  if (catalogue.status === 'error') {
    return (
      <ErrorState
        title="We couldn't load the habits"
        message="Check your connection and try again. If it keeps happening, contact your programme administrator."
        onRetry={catalogue.retry}
      />
    );
  }
  return (
    <HabitSelectionForm programme={catalogue.programme} groups={catalogue.groups} activeIds={catalogue.activeIds} />
  );
}
