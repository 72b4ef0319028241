import { Trans, useLingui } from '@lingui/react/macro';
// The number field's sheet loads with the KPI screens (src/app/styles.ts holds the shared ones).
import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { KPI_MEASURED_ON_MIN } from '@habitrack/contracts/organizational/kpi-measurements';
import { refusalTextOr } from '../../../lib/refusal-text.ts';
import { recordKpiMeasurement } from '../api/kpi-measurements.ts';

type RecordKpiValueProps = { kpiId: string; kpiTitle: string; today: string };

// "Record a value" of a stored KPI (issue 20): a number, the local date it was measured (today at
// the latest) and an optional note. Not locked at the programme's start date.
export function RecordKpiValue({ kpiId, kpiTitle, today }: RecordKpiValueProps) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<string | number>('');
  const [measuredOn, setMeasuredOn] = useState(today);
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () =>
      recordKpiMeasurement(kpiId, { value: Number(value), measured_on: measuredOn, note: note.trim() || null }),
    onSuccess: async () => {
      setOpen(false);
      setSaved(true);
      setValue('');
      setNote('');
      await queryClient.invalidateQueries({ queryKey: ['insights'] });
    },
  });
  const { t, i18n } = useLingui();
  const invalid =
    value === '' ||
    !Number.isFinite(Number(value)) ||
    !measuredOn ||
    measuredOn > today ||
    measuredOn < KPI_MEASURED_ON_MIN;
  return (
    <>
      <Button
        variant="light"
        size="xs"
        onClick={() => (setSaved(false), setOpen(true))}
        aria-label={t`Record a value for ${kpiTitle}`}
      >
        <Trans>Record a value</Trans>
      </Button>
      {saved && (
        <Alert color="green" variant="light" role="status" p="xs">
          <Trans>Value recorded for {kpiTitle}.</Trans>
        </Alert>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t`Record a value: ${kpiTitle}`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog is rendered in a portal, but React events bubble through the component tree:
            // without this, the page's own form (departments and KPIs) would be submitted too.
            event.stopPropagation();
            if (!invalid) mutation.mutate();
          }}
        >
          <Stack gap="sm">
            <NumberInput label={t`Value`} value={value} onChange={setValue} required data-autofocus />
            <TextInput
              label={t`Measured on`}
              type="date"
              value={measuredOn}
              min={KPI_MEASURED_ON_MIN}
              max={today}
              required
              onChange={(event) => setMeasuredOn(event.currentTarget.value)}
              error={
                measuredOn > today
                  ? t`The date cannot be in the future.`
                  : measuredOn && measuredOn < KPI_MEASURED_ON_MIN
                    ? t`The date must be 1 January 1900 or later.`
                    : undefined
              }
            />
            <Textarea
              label={t`Note (optional)`}
              value={note}
              maxLength={500}
              rows={2}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            {mutation.isError && (
              <Alert color="red" role="alert">
                {refusalTextOr(i18n, mutation.error, t`The value could not be recorded. Please try again.`)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={invalid}>
                <Trans>Save value</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
