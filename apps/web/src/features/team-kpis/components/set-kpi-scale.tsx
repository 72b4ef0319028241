import { Trans, useLingui } from '@lingui/react/macro';
// The number field's sheet loads with the KPI screens (src/app/styles.ts holds the shared ones).
import '@mantine/core/styles/NumberInput.css';
import type { TKpiMeasurements } from '@habitrack/contracts/organizational/kpi-measurements';
import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalTextOr } from '../../../lib/refusal-text.ts';
import { setKpiScale, useKpiMeasurements } from '../api/kpi-measurements.ts';

type SetKpiScaleProps = { kpiId: string; kpiTitle: string };

const toNumber = (value: string | number): number | null =>
  value === '' || !Number.isFinite(Number(value)) ? null : Number(value);

// "Set baseline and target" of a stored KPI (issue 20): its unit, the value it started from and the
// value it aims at, drawn as reference lines on the insights' goal line. Not locked at the start.
export function SetKpiScale({ kpiId, kpiTitle }: SetKpiScaleProps) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const current = useKpiMeasurements(kpiId, open);
  const { t } = useLingui();
  return (
    <>
      <Button
        variant="default"
        size="xs"
        onClick={() => (setSaved(false), setOpen(true))}
        aria-label={t`Set baseline and target for ${kpiTitle}`}
      >
        <Trans>Set baseline and target</Trans>
      </Button>
      {saved && (
        <Alert color="green" variant="light" role="status" p="xs">
          <Trans>Baseline and target saved for {kpiTitle}.</Trans>
        </Alert>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t`Baseline and target: ${kpiTitle}`}>
        {current.isPending && <Loader size="sm" aria-label={t`Loading the KPI's baseline and target`} />}
        {current.isError && (
          <Alert color="red" role="alert">
            <Trans>The KPI could not be loaded. Please try again.</Trans>
          </Alert>
        )}
        {current.data && (
          <ScaleForm
            kpiId={kpiId}
            initial={current.data}
            onCancel={() => setOpen(false)}
            onSaved={() => (setOpen(false), setSaved(true))}
          />
        )}
      </Modal>
    </>
  );
}

type ScaleFormProps = { kpiId: string; initial: TKpiMeasurements; onCancel: () => void; onSaved: () => void };

function ScaleForm({ kpiId, initial, onCancel, onSaved }: ScaleFormProps) {
  const [unit, setUnit] = useState(initial.unit ?? '');
  const [baseline, setBaseline] = useState<string | number>(initial.baseline ?? '');
  const [target, setTarget] = useState<string | number>(initial.target ?? '');
  const queryClient = useQueryClient();
  const { t, i18n } = useLingui();
  const mutation = useMutation({
    mutationFn: () =>
      setKpiScale(kpiId, { unit: unit.trim() || null, baseline: toNumber(baseline), target: toNumber(target) }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(['kpi-measurements', kpiId], answer);
      onSaved();
      await queryClient.invalidateQueries({ queryKey: ['insights'] });
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t`Unit (optional)`}
          description={t`For example: %, deploys, days`}
          value={unit}
          maxLength={40}
          onChange={(event) => setUnit(event.currentTarget.value)}
          data-autofocus
        />
        <NumberInput
          label={t`Baseline (optional)`}
          description={t`Where the KPI started`}
          value={baseline}
          onChange={setBaseline}
        />
        <NumberInput
          label={t`Target (optional)`}
          description={t`Where the KPI should get to`}
          value={target}
          onChange={setTarget}
        />
        {mutation.isError && (
          <Alert color="red" role="alert">
            {refusalTextOr(i18n, mutation.error, t`The baseline and target could not be saved. Please try again.`)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            <Trans>Save baseline and target</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
