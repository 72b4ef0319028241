import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useAcceptTerms } from '../api/accept-terms.ts';
import { TermsSummary } from './terms-summary.tsx';

type TermsModalProps = {
  // Re-checks the flow once the server has the acceptance (the caller knows which query).
  onAccepted: () => Promise<unknown>;
  // Logs out: the sign-in layer belongs to another feature, so the route passes it in.
  onDecline: () => void;
};

// It blocks until the user answers, so there is no close button and neither Escape nor a click
// outside dismisses it (docs/domain/dashboard-and-flow.md#terms).
export function TermsModal({ onAccepted, onDecline }: TermsModalProps) {
  const { t } = useLingui();
  const accept = useAcceptTerms({
    onAccepted,
    onFailed: (error) => {
      console.error('Could not accept the terms', error);
      // An alert (docs/domain/failures.md#alerts); the modal stays open so the user can try again.
      window.alert(t`Error accepting terms. Please try again.`);
    },
  });

  return (
    <Modal
      opened
      onClose={() => {}}
      title={t`Terms and privacy`}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size="lg"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="lg">
        <TermsSummary />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDecline} disabled={accept.isPending}>
            <Trans>Decline &amp; Logout</Trans>
          </Button>
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            <Trans>Accept &amp; Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
