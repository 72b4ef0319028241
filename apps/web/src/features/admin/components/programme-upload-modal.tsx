import type { TImportProgrammeResponse } from '@habitrack/contracts/admin/content';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { importProgramme } from '../api/import-programme.ts';
import { UploadFlow, type TCountRow } from './upload-flow.tsx';

export function programmeRows(result: TImportProgrammeResponse): TCountRow[] {
  return [
    { entity: i18n._(msg`Programme`), ...result.programme },
    { entity: i18n._(msg`Modules`), ...result.modules },
    { entity: i18n._(msg`Behaviours`), ...result.behaviours },
    { entity: i18n._(msg`Habits`), ...result.habits },
    { entity: i18n._(msg`Positive changes`), ...result.positive_changes },
  ];
}

// A programme file (YAML, as the import command reads it): checked first, then applied.
export function ProgrammeUploadModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const client = useQueryClient();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={t`Upload a programme file`}
      size="lg"
      centered
    >
      <UploadFlow
        label={t`The programme file`}
        description={t`YAML or JSON, as the import command reads it. Nothing changes until you apply it.`}
        accept=".yaml,.yml,.json,application/yaml,text/yaml,application/json"
        checkFile={(file) => (/\.(ya?ml|json)$/i.test(file.name) ? null : t`Choose a .yaml, .yml or .json file.`)}
        send={({ file, source, dryRun }, onProgress) =>
          importProgramme({ source, file_name: file.name, dry_run: dryRun }, onProgress)
        }
        rowsOf={programmeRows}
        onApplied={() => void client.invalidateQueries({ queryKey: ['admin'] })}
      />
    </Modal>
  );
}
