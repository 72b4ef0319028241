import { useLingui } from '@lingui/react/macro';
import { useResetUserData } from '../api/reset-user-data.ts';

export type ResetOptions = {
  // Forgets what this browser keeps of the member's progress (the features' own entries).
  clearProgress: () => void;
};

// Server state first, then this browser's; the reload starts the app afresh (no cached queries) at
// the same address, still signed in (docs/domain/screens.md#common-header).
export function useResetAction({ clearProgress }: ResetOptions) {
  const { t } = useLingui();
  const reset = useResetUserData();

  const run = () => {
    if (
      // Exact texts (docs/domain/developer-tools.md#reset), in en-GB.
      !window.confirm(t`Reset user state? This will clear backend onboarding status, terms acceptance, and local data.`)
    )
      return;
    reset.mutate(undefined, {
      onSuccess: () => {
        clearProgress();
        window.location.reload();
      },
      onError: (error) => {
        console.error('Could not reset the user state', error);
        window.alert(t`Error resetting user state. Check console for details.`);
      },
    });
  };

  return { run, pending: reset.isPending };
}
