import { useLingui, Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useResetUserData } from '../api/reset-user-data.ts';

export type ResetButtonProps = {
  // Forgets what this browser keeps of the member's progress (the features' own entries).
  clearProgress: () => void;
};

// Server state first, then this browser's; the reload starts the app afresh (no cached queries) at
// the same address, still signed in (docs/domain/screens.md#common-header).
export function ResetButton({ clearProgress }: ResetButtonProps) {
  const { t } = useLingui();
  const reset = useResetUserData();

  const handleClick = () => {
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

  return (
    <Button variant="light" color="red" size="xs" onClick={handleClick} loading={reset.isPending}>
      <Trans>Reset</Trans>
    </Button>
  );
}
