import type { TAdminCohort } from '@habitrack/contracts/admin/cohorts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useCohorts } from '../api/list-cohorts.ts';
import { useProgrammes } from '../api/programmes.ts';
import { useSettings, useUpdateSettings } from '../api/settings.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { CohortFormModal } from './cohort-form-modal.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { MoveMembersModal } from './move-members-modal.tsx';
import { ScrollBox } from './scroll-box.tsx';

// Cohorts: their programme and size; create, rename, change programme, move people, and choose the
// default cohort (where people provisioned from the directory start).
export function CohortsSection() {
  const { t } = useLingui();
  const cohorts = useCohorts();
  const programmes = useProgrammes();
  const settings = useSettings();
  const updateSettings = useUpdateSettings();
  const [editing, setEditing] = useState<TAdminCohort | 'new' | null>(null);
  const [moving, setMoving] = useState(false);
  const [makingDefault, setMakingDefault] = useState<TAdminCohort | null>(null);
  const programmeOptions = (programmes.data ?? []).map((programme) => ({ value: programme.id, label: programme.name }));

  const closeDefault = () => {
    setMakingDefault(null);
    updateSettings.reset();
  };
  const makeDefault = () => {
    if (!makingDefault || !settings.data) return;
    const { azure_tenant_ids, email_domains } = settings.data;
    updateSettings.mutate(
      { azure_tenant_ids, email_domains, default_cohort_id: makingDefault.id },
      { onSuccess: closeDefault },
    );
  };

  const defaultName = makingDefault?.name ?? '';
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>A cohort is a group of people going through one programme together.</Trans>
        </Text>
        <Group gap="sm">
          <Button onClick={() => setEditing('new')} disabled={!programmes.data?.length}>
            <Trans>Create a cohort</Trans>
          </Button>
          <Button variant="default" onClick={() => setMoving(true)} disabled={!cohorts.data?.length}>
            <Trans>Move people</Trans>
          </Button>
        </Group>
      </Group>
      {cohorts.isPending && <LoadingState label={t`Loading cohorts`} />}
      {cohorts.isError && (
        <ErrorState
          compact
          title={t`Cohorts could not be loaded`}
          message={problemMessage(cohorts.error)}
          onRetry={() => void cohorts.refetch()}
        />
      )}
      {cohorts.data?.length === 0 && (
        <Text>
          <Trans>There are no cohorts yet. Create one to place people in a programme.</Trans>
        </Text>
      )}
      {cohorts.data && cohorts.data.length > 0 && (
        <ScrollBox label={t`Cohorts table`} minWidth={520}>
          <Table striped>
            <Table.Caption>
              <Trans>Cohorts, by name</Trans>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t`Cohort`}</Table.Th>
                <Table.Th scope="col">{t`Programme`}</Table.Th>
                <Table.Th scope="col">{t`Members`}</Table.Th>
                <Table.Th scope="col">{t`Actions`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cohorts.data.map((cohort) => (
                <Table.Tr key={cohort.id}>
                  <Table.Th scope="row" fw={500}>
                    {cohort.name}
                    {cohort.is_default && (
                      <Badge miw="max-content" ms="xs" size="sm" color="blue">
                        <Trans>Default</Trans>
                      </Badge>
                    )}
                  </Table.Th>
                  <Table.Td>{cohort.programme.name}</Table.Td>
                  <Table.Td>{cohort.member_count}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(cohort)}
                        aria-label={t`Edit ${cohort.name}`}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                      {!cohort.is_default && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setMakingDefault(cohort)}
                          disabled={!settings.data}
                          aria-label={t`Make ${cohort.name} the default cohort`}
                        >
                          <Trans>Make default</Trans>
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollBox>
      )}
      <CohortFormModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        cohort={editing}
        programmes={programmeOptions}
        onClose={() => setEditing(null)}
      />
      {cohorts.data && <MoveMembersModal opened={moving} cohorts={cohorts.data} onClose={() => setMoving(false)} />}
      <ConfirmDialog
        opened={makingDefault !== null}
        title={t`Change the default cohort?`}
        confirmLabel={t`Make default`}
        pending={updateSettings.isPending}
        error={updateSettings.isError ? problemMessage(updateSettings.error) : null}
        onConfirm={makeDefault}
        onClose={closeDefault}
      >
        {t`People your directory provisions from now on will join ${defaultName}. People already placed stay where they are.`}
      </ConfirmDialog>
    </Stack>
  );
}
