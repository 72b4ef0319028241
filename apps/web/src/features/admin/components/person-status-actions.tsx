import type { TAdminPerson } from '@habitrack/contracts/admin/people';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useChangePersonStatus, type TStatusChange } from '../api/change-person-status.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

// What the administrator types to confirm an erasure, so it cannot happen by a slip.
export const ERASE_CONFIRMATION = 'ERASE';

type PersonStatusActionsProps = {
  person: TAdminPerson;
  onChanged: (person: TAdminPerson) => void;
};

// Deactivate and reactivate (asked first), and erase (typed confirmation: it cannot be undone).
export function PersonStatusActions({ person, onChanged }: PersonStatusActionsProps) {
  const { t } = useLingui();
  const name = person.full_name;
  const [asking, setAsking] = useState<TStatusChange | null>(null);
  const [typed, setTyped] = useState('');
  const change = useChangePersonStatus();
  const close = () => {
    setAsking(null);
    setTyped('');
    change.reset();
  };
  const confirm = (what: TStatusChange) =>
    change.mutate(
      { id: person.id, change: what },
      {
        onSuccess: (updated) => {
          onChanged(updated);
          close();
        },
      },
    );
  const error = change.isError ? problemMessage(change.error) : null;

  if (person.erased) {
    return (
      <Text size="sm">
        <Trans>This person&apos;s personal data has been erased. Their account cannot be used again.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="sm">
        {person.status === 'active' ? (
          <Button color="orange" variant="light" onClick={() => setAsking('deactivate')}>
            <Trans>Deactivate</Trans>
          </Button>
        ) : (
          <Button variant="light" onClick={() => setAsking('reactivate')}>
            <Trans>Reactivate</Trans>
          </Button>
        )}
        <Button color="red" variant="outline" onClick={() => setAsking('erase')}>
          <Trans>Erase personal data</Trans>
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking === 'deactivate'}
        title={t`Deactivate ${name}?`}
        confirmLabel={t`Deactivate`}
        danger
        pending={change.isPending}
        error={error}
        onConfirm={() => confirm('deactivate')}
        onClose={close}
      >
        {t`${name} will be signed out at their next action and will not be able to sign in. Their history is kept, and you can reactivate them at any time.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'reactivate'}
        title={t`Reactivate ${name}?`}
        confirmLabel={t`Reactivate`}
        pending={change.isPending}
        error={error}
        onConfirm={() => confirm('reactivate')}
        onClose={close}
      >
        {t`${name} will be able to sign in again, with everything as it was.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'erase'}
        title={t`Erase ${name}'s personal data?`}
        confirmLabel={t`Erase permanently`}
        danger
        pending={change.isPending}
        confirmDisabled={typed !== ERASE_CONFIRMATION}
        error={error}
        onConfirm={() => typed === ERASE_CONFIRMATION && confirm('erase')}
        onClose={close}
      >
        <Stack gap="sm">
          <Alert color="red" title={t`This cannot be undone`}>
            <Trans>
              Their name becomes &quot;Former member&quot;; their e-mail, job title, notes and endorsement messages are
              removed and their sign-in accounts unlinked. Programme figures stay correct.
            </Trans>
          </Alert>
          <TextInput
            label={t`Type ${ERASE_CONFIRMATION} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
          />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
