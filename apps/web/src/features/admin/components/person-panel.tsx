import type { TAdminPerson, TUpdatePersonRequest } from '@habitrack/contracts/admin/people';
import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import { isSupportedLocale, type TSupportedLocale } from '@habitrack/contracts/common/locales';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Divider, Drawer, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useUpdatePerson } from '../api/update-person.ts';
import type { TOption } from '../api/team-options.ts';
import { formatInstant, localeOptions, roleOptions } from '../utils/labels.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { PersonStatusActions } from './person-status-actions.tsx';

type PersonPanelProps = {
  person: TAdminPerson | null;
  onClose: () => void;
  teams: TOption[];
  cohorts: TOption[];
};

type TDraft = {
  role: TUserRole;
  team_id: string | null;
  cohort_id: string | null;
  is_admin: boolean;
  directory_locale: TSupportedLocale | null;
};

const draftOf = (person: TAdminPerson): TDraft => ({
  role: person.role,
  team_id: person.team?.id ?? null,
  cohort_id: person.cohort?.id ?? null,
  is_admin: person.is_admin,
  directory_locale: person.directory_locale,
});

// Only what changed is sent, so a save never overwrites what someone else changed meanwhile.
function changesOf(person: TAdminPerson, draft: TDraft): TUpdatePersonRequest {
  const before = draftOf(person);
  const changes: TUpdatePersonRequest = {};
  if (draft.role !== before.role) changes.role = draft.role;
  if (draft.team_id !== before.team_id) changes.team_id = draft.team_id;
  if (draft.cohort_id !== before.cohort_id) changes.cohort_id = draft.cohort_id;
  if (draft.is_admin !== before.is_admin) changes.is_admin = draft.is_admin;
  if (draft.directory_locale !== before.directory_locale) changes.directory_locale = draft.directory_locale;
  return changes;
}

// The team or cohort the person is in, even if the options do not list it.
const withCurrent = (options: TOption[], current: { id: string; name: string } | null) =>
  current && !options.some((option) => option.value === current.id)
    ? [...options, { value: current.id, label: current.name }]
    : options;

function PersonForm({
  person,
  teams,
  cohorts,
  onChanged,
}: PersonPanelProps & { person: TAdminPerson; onChanged: (p: TAdminPerson) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(person));
  const update = useUpdatePerson();
  const changes = changesOf(person, draft);
  const dirty = Object.keys(changes).length > 0;
  const set = <K extends keyof TDraft>(name: K, value: TDraft[K]) =>
    setDraft((current) => ({ ...current, [name]: value }));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty) update.mutate({ id: person.id, changes }, { onSuccess: onChanged });
      }}
    >
      <Stack gap="sm">
        <Select
          label={t`Role`}
          data={roleOptions()}
          value={draft.role}
          onChange={(value) => set('role', (value as TUserRole | null) ?? person.role)}
          allowDeselect={false}
          disabled={person.erased}
        />
        <Select
          label={t`Team`}
          placeholder={t`No team`}
          data={withCurrent(teams, person.team)}
          value={draft.team_id}
          onChange={(value) => set('team_id', value)}
          clearable
          searchable
          disabled={person.erased}
        />
        <Select
          label={t`Cohort`}
          placeholder={t`No cohort`}
          data={withCurrent(cohorts, person.cohort)}
          value={draft.cohort_id}
          onChange={(value) => set('cohort_id', value)}
          clearable
          searchable
          disabled={person.erased}
        />
        <Select
          label={t`Language`}
          description={t`The language your organisation gives them; their own choice comes first.`}
          placeholder={t`Not set`}
          data={localeOptions()}
          value={draft.directory_locale}
          onChange={(value) => set('directory_locale', isSupportedLocale(value) ? value : null)}
          clearable
          disabled={person.erased}
        />
        <Switch
          label={t`Administrator (can use this console)`}
          checked={draft.is_admin}
          onChange={(event) => set('is_admin', event.currentTarget.checked)}
          disabled={person.erased}
        />
        {update.isError && (
          <Alert color="red" role="alert" title={t`The changes were not saved`}>
            {problemMessage(update.error)}
          </Alert>
        )}
        <div role="status" aria-live="polite">
          {update.isSuccess && !dirty && (
            <Text size="sm">
              <Trans>Saved.</Trans>
            </Text>
          )}
        </div>
        <Group gap="sm">
          <Button type="submit" disabled={!dirty || person.erased} loading={update.isPending}>
            <Trans>Save changes</Trans>
          </Button>
          {dirty && (
            <Button variant="default" onClick={() => setDraft(draftOf(person))} disabled={update.isPending}>
              <Trans>Undo changes</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

// A person's panel: their details, what an administrator may change, and their account's status.
export function PersonPanel({ person, onClose, teams, cohorts }: PersonPanelProps) {
  // The panel shows the person as the API last answered, after a change too.
  const { t } = useLingui();
  const [latest, setLatest] = useState<TAdminPerson | null>(null);
  const shown = latest && latest.id === person?.id ? latest : person;
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': t`Close` }}
      opened={person !== null}
      onClose={() => {
        setLatest(null);
        onClose();
      }}
      position="right"
      size="md"
      title={shown ? shown.full_name : t`Person`}
    >
      {shown && (
        <Stack gap="md">
          <Stack gap={4}>
            <Text style={{ overflowWrap: 'anywhere' }}>{shown.email || t`No e-mail (erased)`}</Text>
            {shown.job_title && <Text c="dimmed">{shown.job_title}</Text>}
            <Group gap="xs">
              <Badge miw="max-content" color={shown.status === 'active' ? 'green' : 'gray'}>
                {shown.erased ? t`Erased` : shown.status === 'active' ? t`Active` : t`Deactivated`}
              </Badge>
              {shown.is_admin && (
                <Badge miw="max-content" color="blue">
                  <Trans>Administrator</Trans>
                </Badge>
              )}
            </Group>
            {shown.deactivated_at && (
              <Text size="sm" c="dimmed">
                <Trans>Deactivated on {formatInstant(shown.deactivated_at)}</Trans>
              </Text>
            )}
          </Stack>
          <Divider />
          <Title order={3} size="h5">
            <Trans>Role, team and cohort</Trans>
          </Title>
          <PersonForm
            key={shown.id}
            person={shown}
            teams={teams}
            cohorts={cohorts}
            onClose={onClose}
            onChanged={setLatest}
          />
          <Divider />
          <Title order={3} size="h5">
            <Trans>Account</Trans>
          </Title>
          <PersonStatusActions person={shown} onChanged={setLatest} />
        </Stack>
      )}
    </Drawer>
  );
}
