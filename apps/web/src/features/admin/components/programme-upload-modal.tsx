import type { TImportProgrammeResponse } from '@habitrack/contracts/admin/content';
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { importProgramme } from '../api/import-programme.ts';
import { UploadFlow, type TCountRow } from './upload-flow.tsx';

export function programmeRows(result: TImportProgrammeResponse): TCountRow[] {
  return [
    { entity: 'Programme', ...result.programme },
    { entity: 'Modules', ...result.modules },
    { entity: 'Behaviours', ...result.behaviours },
    { entity: 'Habits', ...result.habits },
    { entity: 'Positive changes', ...result.positive_changes },
  ];
}

// A programme file (YAML, as the import command reads it): checked first, then applied.
export function ProgrammeUploadModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const client = useQueryClient();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Upload a programme file"
      size="lg"
      centered
    >
      <UploadFlow
        what="programme file"
        formats="YAML or JSON"
        accept=".yaml,.yml,.json,application/yaml,text/yaml,application/json"
        checkFile={(file) => (/\.(ya?ml|json)$/i.test(file.name) ? null : 'Choose a .yaml, .yml or .json file.')}
        send={({ file, source, dryRun }, onProgress) =>
          importProgramme({ source, file_name: file.name, dry_run: dryRun }, onProgress)
        }
        rowsOf={programmeRows}
        onApplied={() => void client.invalidateQueries({ queryKey: ['admin'] })}
      />
    </Modal>
  );
}
