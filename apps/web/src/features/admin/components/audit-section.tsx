import type { TAuditEntry, TAuditFilters } from '@habitrack/contracts/admin/audit';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useAuditPage, useExportAudit } from '../api/audit.ts';
import { formatInstant } from '../utils/labels.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { ScrollBox } from './scroll-box.tsx';

// A local date (the date input's value) as the API's instant: the start or the end of that day
// in the administrator's own time zone.
function dayBound(date: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const local = new Date(`${date}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
}

function Values({ label, value }: { label: string; value: unknown }) {
  return (
    <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {value === null || value === undefined ? (
        <Text size="sm" c="dimmed">
          <Trans>Nothing</Trans>
        </Text>
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {JSON.stringify(value, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

function EntryRows({ entry }: { entry: TAuditEntry }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const actor = entry.actor.name;
  const detailsId = `audit-${entry.id}`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>{formatInstant(entry.at)}</Table.Td>
        <Table.Td>
          {entry.actor.kind === 'token'
            ? t`${actor} (SCIM token)`
            : entry.actor.kind === 'system'
              ? t`${actor} (system)`
              : actor}
        </Table.Td>
        <Table.Th scope="row" fw={500}>
          <Code>{entry.action}</Code>
        </Table.Th>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>
          {/* Identifiers, as the search and the export match them, like the action. */}
          <Code>{entry.entity}</Code>{' '}
          <Text component="code" size="xs" c="dimmed">
            {entry.entity_id}
          </Text>
        </Table.Td>
        <Table.Td>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={detailsId}
          >
            {open ? t`Hide changes` : t`Show changes`}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={5}>
            <Group align="flex-start" gap="md" wrap="wrap">
              <Values label={t`Before`} value={entry.before} />
              <Values label={t`After`} value={entry.after} />
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

// The audit log: every write by an administrator, leader or team leader and every SCIM change,
// newest first; searchable, filterable and exported as CSV with the same filters.
export function AuditSection() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [debouncedAction] = useDebouncedValue(action.trim(), 300);
  const fromInstant = dayBound(from, false);
  const toInstant = dayBound(to, true);
  const filters: TAuditFilters = {
    ...(debouncedSearch ? { q: debouncedSearch } : {}),
    ...(debouncedAction ? { action: debouncedAction } : {}),
    ...(fromInstant ? { from: fromInstant } : {}),
    ...(toInstant ? { to: toInstant } : {}),
  };
  const audit = useAuditPage(filters, page);
  const exportCsv = useExportAudit();
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.page_size)) : 1;
  const filtered = Object.keys(filters).length > 0;
  // "12 entries match (updating…)": how many entries the log holds, and whether it is being reloaded.
  const entryCount = (total: number, matching: boolean, fetching: boolean): string => {
    const count = matching
      ? plural(total, { one: '# entry match', other: '# entries match' })
      : plural(total, { one: '# entry', other: '# entries' });
    return fetching ? t`${count} (updating…)` : count;
  };
  const onFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>
            Every change made by administrators, leaders, team leaders and your directory. The log cannot be edited.
          </Trans>
        </Text>
        <Button variant="default" onClick={() => exportCsv.mutate(filters)} loading={exportCsv.isPending}>
          <Trans>Export CSV</Trans>
        </Button>
      </Group>
      {exportCsv.isError && (
        <Alert color="red" role="alert" title={t`The export failed`}>
          {problemMessage(exportCsv.error)}
        </Alert>
      )}
      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label={t`Search`}
          placeholder={t`Who, what or which id`}
          type="search"
          value={search}
          onChange={(event) => onFilter(() => setSearch(event.currentTarget.value))}
          miw={200}
        />
        <TextInput
          label={t`Action`}
          placeholder={t`e.g. person.deactivate`}
          value={action}
          onChange={(event) => onFilter(() => setAction(event.currentTarget.value))}
          miw={160}
        />
        <TextInput
          label={t`From`}
          type="date"
          value={from}
          onChange={(event) => onFilter(() => setFrom(event.currentTarget.value))}
          miw={150}
        />
        <TextInput
          label={t`To`}
          type="date"
          value={to}
          onChange={(event) => onFilter(() => setTo(event.currentTarget.value))}
          miw={150}
        />
      </Group>
      {audit.isPending && <LoadingState label={t`Loading the audit log`} />}
      {audit.isError && (
        <ErrorState
          compact
          title={t`The audit log could not be loaded`}
          message={problemMessage(audit.error)}
          onRetry={() => void audit.refetch()}
        />
      )}
      {audit.data && (
        <>
          <Text size="sm" role="status" aria-live="polite">
            {entryCount(audit.data.total, filtered, audit.isFetching)}
          </Text>
          {audit.data.entries.length === 0 ? (
            <Text>{filtered ? t`No entry matches these filters.` : t`Nothing has been recorded yet.`}</Text>
          ) : (
            <ScrollBox label={t`Audit log table`} minWidth={680}>
              <Table striped>
                <Table.Caption>
                  <Trans>Audit log, newest first</Trans>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t`When`}</Table.Th>
                    <Table.Th scope="col">{t`Who`}</Table.Th>
                    <Table.Th scope="col">{t`Action`}</Table.Th>
                    <Table.Th scope="col">{t`What`}</Table.Th>
                    <Table.Th scope="col">{t`Changes`}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {audit.data.entries.map((entry) => (
                    <EntryRows key={entry.id} entry={entry} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollBox>
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              aria-label={t`Audit log pages`}
              getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
