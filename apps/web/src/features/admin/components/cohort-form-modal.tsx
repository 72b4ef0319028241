import type { TAdminCohort } from '@habitrack/contracts/admin/cohorts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCreateCohort } from '../api/create-cohort.ts';
import type { TOption } from '../api/team-options.ts';
import { useUpdateCohort } from '../api/update-cohort.ts';
import { problemMessage } from '../utils/problem-message.ts';

type CohortFormModalProps = {
  // 'new' to create one; null when closed.
  cohort: TAdminCohort | 'new' | null;
  programmes: TOption[];
  onClose: () => void;
};

// Create a cohort, or rename one and choose its programme. A refusal keeps what was typed.
export function CohortFormModal({ cohort, programmes, onClose }: CohortFormModalProps) {
  const { t } = useLingui();
  const existing = cohort !== 'new' ? cohort : null;
  const [name, setName] = useState(existing?.name ?? '');
  const [programmeId, setProgrammeId] = useState<string | null>(existing?.programme.id ?? programmes[0]?.value ?? null);
  const create = useCreateCohort();
  const update = useUpdateCohort();
  const save = existing ? update : create;

  const submit = () => {
    if (!programmeId) return;
    if (existing) {
      const changes = {
        ...(name.trim() !== existing.name ? { name } : {}),
        ...(programmeId !== existing.programme.id ? { programme_id: programmeId } : {}),
      };
      if (Object.keys(changes).length === 0) onClose();
      else update.mutate({ id: existing.id, changes }, { onSuccess: onClose });
    } else {
      create.mutate({ name, programme_id: programmeId }, { onSuccess: onClose });
    }
  };

  return (
    <Modal
      opened={cohort !== null}
      onClose={onClose}
      title={existing ? t`Edit ${existing.name}` : t`Create a cohort`}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput label={t`Name`} required value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <Select
            label={t`Programme`}
            required
            data={
              existing && !programmes.some((p) => p.value === existing.programme.id)
                ? [...programmes, { value: existing.programme.id, label: existing.programme.name }]
                : programmes
            }
            value={programmeId}
            onChange={setProgrammeId}
            allowDeselect={false}
            description={existing ? t`A cohort whose members have active habits cannot change programme.` : undefined}
          />
          {save.isError && (
            <Alert color="red" role="alert" title={t`The cohort was not saved`}>
              {problemMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!programmeId}>
              {existing ? t`Save` : t`Create`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
