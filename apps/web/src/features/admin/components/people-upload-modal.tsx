import type { TImportPeopleResponse } from '@habitrack/contracts/admin/people';
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { importPeople } from '../api/import-people.ts';
import { UploadFlow, type TCountRow } from './upload-flow.tsx';

const ENTITY_LABELS: Record<keyof TImportPeopleResponse['counts'], string> = {
  organisation: 'Organisation',
  teams: 'Teams',
  users: 'People',
  team_managers: 'Team managers',
  cohorts: 'Cohorts',
  cohort_members: 'Cohort members',
};

export function peopleRows(result: TImportPeopleResponse): TCountRow[] {
  return (Object.keys(ENTITY_LABELS) as (keyof typeof ENTITY_LABELS)[]).map((key) => ({
    entity: ENTITY_LABELS[key],
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
  const client = useQueryClient();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Upload a people file"
      size="lg"
      centered
    >
      <UploadFlow
        what="people file"
        formats="YAML or CSV"
        accept=".yaml,.yml,.csv,text/csv,application/yaml,text/yaml"
        checkFile={(file) => (formatOf(file.name) ? null : 'Choose a .yaml, .yml or .csv file.')}
        send={({ file, source, dryRun }, onProgress) =>
          importPeople({ format: formatOf(file.name) ?? 'yaml', source, dry_run: dryRun }, onProgress)
        }
        rowsOf={peopleRows}
        onApplied={() => void client.invalidateQueries({ queryKey: ['admin'] })}
      />
    </Modal>
  );
}
