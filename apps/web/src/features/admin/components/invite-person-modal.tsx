import type { TInvitePersonRequest } from '@habitrack/contracts/admin/people';
import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useInvitePerson } from '../api/invite-person.ts';
import type { TOption } from '../api/team-options.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { roleOptions } from '../utils/labels.ts';

type InvitePersonModalProps = {
  opened: boolean;
  onClose: () => void;
  teams: TOption[];
  cohorts: TOption[];
};

const EMPTY = {
  email: '',
  full_name: '',
  job_title: '',
  role: 'member' as TUserRole,
  team_id: '',
  cohort_id: '',
  is_admin: false,
};

// Invite one person: they get an e-mail with the sign-in link. A refused invitation keeps what was
// typed, so it can be corrected and sent again.
export function InvitePersonModal({ opened, onClose, teams, cohorts }: InvitePersonModalProps) {
  const { t } = useLingui();
  const [form, setForm] = useState(EMPTY);
  const invite = useInvitePerson();
  const set = <K extends keyof typeof EMPTY>(name: K, value: (typeof EMPTY)[K]) =>
    setForm((current) => ({ ...current, [name]: value }));

  const close = () => {
    invite.reset();
    onClose();
  };
  const submit = () => {
    const body: TInvitePersonRequest = {
      email: form.email,
      full_name: form.full_name,
      role: form.role,
      job_title: form.job_title || null,
      team_id: form.team_id || null,
      cohort_id: form.cohort_id || null,
      is_admin: form.is_admin,
    };
    invite.mutate(body, {
      onSuccess: () => {
        setForm(EMPTY);
        close();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={t`Invite a person`}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t`E-mail`}
            type="email"
            required
            autoComplete="off"
            value={form.email}
            onChange={(event) => set('email', event.currentTarget.value)}
          />
          <TextInput
            label={t`Full name`}
            required
            value={form.full_name}
            onChange={(event) => set('full_name', event.currentTarget.value)}
          />
          <TextInput
            label={t`Job title`}
            value={form.job_title}
            onChange={(event) => set('job_title', event.currentTarget.value)}
          />
          <Select
            label={t`Role`}
            data={roleOptions()}
            value={form.role}
            onChange={(value) => set('role', (value as TUserRole | null) ?? 'member')}
            allowDeselect={false}
          />
          <Select
            label={t`Team`}
            placeholder={t`No team`}
            data={teams}
            value={form.team_id || null}
            onChange={(value) => set('team_id', value ?? '')}
            clearable
            searchable
          />
          <Select
            label={t`Cohort`}
            placeholder={t`No cohort`}
            data={cohorts}
            value={form.cohort_id || null}
            onChange={(value) => set('cohort_id', value ?? '')}
            clearable
            searchable
          />
          <Switch
            label={t`Administrator (can use this console)`}
            checked={form.is_admin}
            onChange={(event) => set('is_admin', event.currentTarget.checked)}
          />
          {invite.isError && (
            <Alert color="red" role="alert" title={t`The invitation was not sent`}>
              {problemMessage(invite.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={invite.isPending}>
              <Trans>Send invitation</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
