import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useCurrentProgramme } from '../../../lib/queries/current-programme.ts';
import { useHabitCatalogue } from '../hooks/use-habit-catalogue.ts';
import { HabitSelectionForm, SelectionIntro } from './habit-selection-form.tsx';

// The Select Your Habits screen (docs/domain/screens.md#select-your-habits). The title and what the
// page asks show at once; the form mounts once everything is loaded, so the active habits are
// pre-selected from its first frame, and the right behaviours open (from the fresh answers, when
// kept ones painted it first).
export function HabitSelectionPage() {
  const catalogue = useHabitCatalogue();
  const programme = useCurrentProgramme();
  const { t } = useLingui();
  if (catalogue.status === 'error') {
    return (
      <ErrorState
        title={t`We couldn't load the habits`}
        message={t`Check your connection and try again. If it keeps happening, contact your programme administrator.`}
        onRetry={catalogue.retry}
      />
    );
  }
  return (
    <Stack gap="lg">
      <SelectionIntro programme={programme.data ?? null} />
      {catalogue.status === 'pending' ? (
        <LoadingState label={t`Loading habits...`} />
      ) : (
        <HabitSelectionForm groups={catalogue.groups} activeIds={catalogue.activeIds} fresh={catalogue.fresh} />
      )}
    </Stack>
  );
}
