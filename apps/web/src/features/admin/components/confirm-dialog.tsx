import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  // Red for what takes something away (deactivate, revoke).
  danger?: boolean;
  pending: boolean;
  // Until what the dialog asks for (a typed confirmation, say) is given.
  confirmDisabled?: boolean;
  // Why the last attempt failed; the dialog stays open so it can be tried again.
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

// Asks before a change an administrator should not make by a slip of the mouse.
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, children, confirmLabel, danger = false, pending, confirmDisabled = false } = props;
  const { error, onConfirm, onClose } = props;
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': t`Close` }} title={title} centered>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {error && (
          <Alert color="red" role="alert" title={t`Not done`}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
