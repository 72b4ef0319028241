import type { TImportPeopleResponse } from '@habitrack/contracts/admin/people';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { importPeople } from '../api/import-people.ts';
import { UploadFlow, type TCountRow } from './upload-flow.tsx';

const ENTITY_LABELS = {
  organisation: msg`Organisation`,
  teams: msg`Teams`,
  users: msg`People`,
  team_managers: msg`Team managers`,
  cohorts: msg`Cohorts`,
  cohort_members: msg`Cohort members`,
} as const satisfies Record<keyof TImportPeopleResponse['counts'], unknown>;

export function peopleRows(result: TImportPeopleResponse): TCountRow[] {
  return (Object.keys(ENTITY_LABELS) as (keyof typeof ENTITY_LABELS)[]).map((key) => ({
    entity: i18n._(ENTITY_LABELS[key]),
    ...result.counts[key],
  }));
}

export function formatOf(name: string): 'yaml' | 'csv' | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  return null;
}

// Invite many people at once: the people file the import command reads (YAML) or a CSV.
export function PeopleUploadModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const client = useQueryClient();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={t`Upload a people file`}
      size="lg"
      centered
    >
      <UploadFlow
        label={t`The people file`}
        description={t`YAML or CSV, as the import command reads it. Nothing changes until you apply it.`}
        accept=".yaml,.yml,.csv,text/csv,application/yaml,text/yaml"
        checkFile={(file) => (formatOf(file.name) ? null : t`Choose a .yaml, .yml or .csv file.`)}
        send={({ file, source, dryRun }, onProgress) =>
          importPeople({ format: formatOf(file.name) ?? 'yaml', source, dry_run: dryRun }, onProgress)
        }
        rowsOf={peopleRows}
        onApplied={() => void client.invalidateQueries({ queryKey: ['admin'] })}
      />
    </Modal>
  );
}
