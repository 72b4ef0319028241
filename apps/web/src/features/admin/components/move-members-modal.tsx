import type { TAdminCohort } from '@habitrack/contracts/admin/cohorts';
import { PEOPLE_PAGE_SIZE_MAX } from '@habitrack/contracts/admin/people';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { usePeople } from '../api/list-people.ts';
import { useMoveCohortMembers } from '../api/move-cohort-members.ts';
import { problemMessage } from '../utils/problem-message.ts';

type MoveMembersModalProps = {
  opened: boolean;
  cohorts: TAdminCohort[];
  onClose: () => void;
};

const NO_COHORT = 'none';

// Move selected people from one cohort (or from none) into another, all at once.
export function MoveMembersModal({ opened, cohorts, onClose }: MoveMembersModalProps) {
  const { t } = useLingui();
  const [from, setFrom] = useState<string | null>(cohorts[0]?.id ?? null);
  const [to, setTo] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const move = useMoveCohortMembers();
  const people = usePeople({
    ...(from && from !== NO_COHORT ? { cohort_id: from } : {}),
    ...(q ? { q } : {}),
    page_size: PEOPLE_PAGE_SIZE_MAX,
  });
  // "No cohort" lists everyone; people already in a cohort are marked.
  const candidates = (people.data?.items ?? []).filter((person) =>
    from === NO_COHORT ? true : person.cohort?.id === from,
  );
  const options = cohorts.map((cohort) => {
    const { name, member_count: members } = cohort;
    return {
      value: cohort.id,
      label: t({ comment: 'A cohort and how many members it has', message: `${name} (${members})` }),
    };
  });

  const count = selected.size;
  const close = () => {
    setSelected(new Set());
    move.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={t`Move people between cohorts`}
      size="lg"
      centered
    >
      <Stack gap="sm">
        <Group grow gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t`From`}
            data={[...options, { value: NO_COHORT, label: t`Anyone (any or no cohort)` }]}
            value={from}
            onChange={(value) => {
              setFrom(value);
              setSelected(new Set());
            }}
            allowDeselect={false}
            miw={180}
          />
          <Select label={t`To`} placeholder={t`Choose a cohort`} data={options} value={to} onChange={setTo} miw={180} />
        </Group>
        <TextInput
          label={t`Search`}
          placeholder={t`Name or e-mail`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {people.isError && (
          <ErrorState
            compact
            title={t`People could not be loaded`}
            message={problemMessage(people.error)}
            onRetry={() => void people.refetch()}
          />
        )}
        <ScrollArea.Autosize mah={280} type="auto">
          <Checkbox.Group
            label={t`People to move`}
            value={[...selected]}
            onChange={(values) => setSelected(new Set(values))}
          >
            <Stack gap={6} mt="xs">
              {people.isPending && (
                <Text size="sm">
                  <Trans>Loading people…</Trans>
                </Text>
              )}
              {people.data && candidates.length === 0 && (
                <Text size="sm">
                  <Trans>Nobody here matches.</Trans>
                </Text>
              )}
              {candidates.map((person) => {
                const { full_name: name, email } = person;
                const cohort = person.cohort?.name;
                return (
                  <Checkbox
                    key={person.id}
                    value={person.id}
                    label={
                      cohort
                        ? t({
                            comment: 'A person to move and the cohort they are in now',
                            message: `${name} — ${email} (${cohort})`,
                          })
                        : t({ comment: 'A person to move, in no cohort', message: `${name} — ${email}` })
                    }
                  />
                );
              })}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
        {move.isError && (
          <Alert color="red" role="alert" title={t`Nobody was moved`}>
            {problemMessage(move.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            onClick={() => to && move.mutate({ cohortId: to, userIds: [...selected] }, { onSuccess: close })}
            disabled={!to || selected.size === 0 || to === from}
            loading={move.isPending}
          >
            {t`Move ${plural(count, { one: '# person', other: '# people' })}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
