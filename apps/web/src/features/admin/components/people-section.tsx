import type { TAdminPerson, TPersonStatus } from '@habitrack/contracts/admin/people';
import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import { Button, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useCohorts } from '../api/list-cohorts.ts';
import { usePeople } from '../api/list-people.ts';
import { useTeamOptions } from '../api/team-options.ts';
import { ROLE_OPTIONS } from '../utils/labels.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { InvitePersonModal } from './invite-person-modal.tsx';
import { MoveSelectedBar } from './move-selected-bar.tsx';
import { PeopleTable } from './people-table.tsx';
import { PeopleUploadModal } from './people-upload-modal.tsx';
import { PersonPanel } from './person-panel.tsx';

const PAGE_SIZE = 25;
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

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
          Find people by name or e-mail, change their role, team and cohort, or deactivate them.
        </Text>
        <Group gap="sm">
          <Button onClick={() => setInviting(true)}>Invite a person</Button>
          <Button variant="default" onClick={() => setUploading(true)}>
            Upload a people file
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          miw={200}
        />
        <Select
          label="Role"
          placeholder="Any role"
          data={ROLE_OPTIONS}
          value={filters.role}
          onChange={(value) => setFilter('role', value as TUserRole | null)}
          clearable
          miw={140}
        />
        <Select
          label="Cohort"
          placeholder="Any cohort"
          data={cohortOptions}
          value={filters.cohort_id}
          onChange={(value) => setFilter('cohort_id', value)}
          clearable
          searchable
          miw={160}
        />
        <Select
          label="Team"
          placeholder="Any team"
          data={teamOptions}
          value={filters.team_id}
          onChange={(value) => setFilter('team_id', value)}
          clearable
          searchable
          miw={160}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => setFilter('status', value as TPersonStatus | null)}
          clearable
          miw={140}
        />
      </Group>

      {selected.length > 0 && (
        <MoveSelectedBar selected={selected} cohorts={cohortOptions} onDone={() => setSelected([])} />
      )}
      {people.isPending && <LoadingState label="Loading people" />}
      {people.isError && (
        <ErrorState
          compact
          title="People could not be loaded"
          message={problemMessage(people.error)}
          onRetry={() => void people.refetch()}
        />
      )}
      {people.data && (
        <>
          <Text size="sm" role="status" aria-live="polite">
            {people.data.total === 1 ? '1 person' : `${people.data.total} people`}
            {filtered ? ' match' : ''}
            {people.isFetching ? ' (updating…)' : ''}
          </Text>
          {people.data.items.length === 0 ? (
            <Text>
              {filtered
                ? 'Nobody matches this search. Try fewer filters.'
                : 'Nobody has been added yet. Invite a person or upload a people file.'}
            </Text>
          ) : (
            <PeopleTable people={people.data.items} selected={selected} onToggle={toggle} onManage={setOpened} />
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              aria-label="People pages"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
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
