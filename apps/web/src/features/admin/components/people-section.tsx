import type { TAdminPerson, TPersonStatus } from '@habitrack/contracts/admin/people';
import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useCohorts } from '../api/list-cohorts.ts';
import { usePeople } from '../api/list-people.ts';
import { useTeamOptions } from '../api/team-options.ts';
import { roleOptions } from '../utils/labels.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { InvitePersonModal } from './invite-person-modal.tsx';
import { MoveSelectedBar } from './move-selected-bar.tsx';
import { PeopleTable } from './people-table.tsx';
import { PeopleUploadModal } from './people-upload-modal.tsx';
import { PersonPanel } from './person-panel.tsx';

const PAGE_SIZE = 25;

type TFilters = {
  role: TUserRole | null;
  cohort_id: string | null;
  team_id: string | null;
  status: TPersonStatus | null;
};
const NO_FILTERS: TFilters = { role: null, cohort_id: null, team_id: null, status: null };

// People: search, filter and page through the organisation's people; invite one or many; open a
// person to change them.
export function PeopleSection() {
  const { t } = useLingui();
  // "12 people match (updating…)": how many people the list holds, and whether it is being reloaded.
  const peopleCount = (total: number, filtered: boolean, fetching: boolean): string => {
    const count = filtered
      ? plural(total, { one: '# person match', other: '# people match' })
      : plural(total, { one: '# person', other: '# people' });
    return fetching ? t`${count} (updating…)` : count;
  };
  const statusOptions = [
    { value: 'active', label: t`Active` },
    { value: 'deactivated', label: t`Deactivated` },
  ];
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<TAdminPerson | null>(null);
  const [inviting, setInviting] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Ticked people, kept across pages and searches until moved or cleared.
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  const query = {
    ...(debouncedSearch ? { q: debouncedSearch } : {}),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.cohort_id ? { cohort_id: filters.cohort_id } : {}),
    ...(filters.team_id ? { team_id: filters.team_id } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    page,
    page_size: PAGE_SIZE,
  };
  const people = usePeople(query);
  const cohorts = useCohorts();
  const teams = useTeamOptions();
  const cohortOptions = useMemo(
    () => (cohorts.data ?? []).map((cohort) => ({ value: cohort.id, label: cohort.name })),
    [cohorts.data],
  );
  const teamOptions = teams.data ?? [];
  // The list's newer answer once it has one (after a change); the person opened while it has not
  // (they may no longer match the filters).
  const openPerson = (opened && people.data?.items.find((person) => person.id === opened.id)) ?? opened;

  const setFilter = <K extends keyof TFilters>(name: K, value: TFilters[K]) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  const pages = people.data ? Math.max(1, Math.ceil(people.data.total / people.data.page_size)) : 1;
  const filtered = debouncedSearch !== '' || Object.values(filters).some((value) => value !== null);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>Find people by name or e-mail, change their role, team and cohort, or deactivate them.</Trans>
        </Text>
        <Group gap="sm">
          <Button onClick={() => setInviting(true)}>
            <Trans>Invite a person</Trans>
          </Button>
          <Button variant="default" onClick={() => setUploading(true)}>
            <Trans>Upload a people file</Trans>
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label={t`Search`}
          placeholder={t`Name or e-mail`}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          miw={200}
        />
        <Select
          label={t`Role`}
          placeholder={t`Any role`}
          data={roleOptions()}
          value={filters.role}
          onChange={(value) => setFilter('role', value as TUserRole | null)}
          clearable
          miw={140}
        />
        <Select
          label={t`Cohort`}
          placeholder={t`Any cohort`}
          data={cohortOptions}
          value={filters.cohort_id}
          onChange={(value) => setFilter('cohort_id', value)}
          clearable
          searchable
          miw={160}
        />
        <Select
          label={t`Team`}
          placeholder={t`Any team`}
          data={teamOptions}
          value={filters.team_id}
          onChange={(value) => setFilter('team_id', value)}
          clearable
          searchable
          miw={160}
        />
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          data={statusOptions}
          value={filters.status}
          onChange={(value) => setFilter('status', value as TPersonStatus | null)}
          clearable
          miw={140}
        />
      </Group>

      {selected.length > 0 && (
        <MoveSelectedBar selected={selected} cohorts={cohortOptions} onDone={() => setSelected([])} />
      )}
      {people.isPending && <LoadingState label={t`Loading people`} />}
      {people.isError && (
        <ErrorState
          compact
          title={t`People could not be loaded`}
          message={problemMessage(people.error)}
          onRetry={() => void people.refetch()}
        />
      )}
      {people.data && (
        <>
          <Text size="sm" role="status" aria-live="polite">
            {peopleCount(people.data.total, filtered, people.isFetching)}
          </Text>
          {people.data.items.length === 0 ? (
            <Text>
              {filtered
                ? t`Nobody matches this search. Try fewer filters.`
                : t`Nobody has been added yet. Invite a person or upload a people file.`}
            </Text>
          ) : (
            <PeopleTable people={people.data.items} selected={selected} onToggle={toggle} onManage={setOpened} />
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              aria-label={t`People pages`}
              getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
            />
          )}
        </>
      )}
      <PersonPanel person={openPerson} onClose={() => setOpened(null)} teams={teamOptions} cohorts={cohortOptions} />
      <InvitePersonModal
        opened={inviting}
        onClose={() => setInviting(false)}
        teams={teamOptions}
        cohorts={cohortOptions}
      />
      <PeopleUploadModal opened={uploading} onClose={() => setUploading(false)} />
    </Stack>
  );
}
