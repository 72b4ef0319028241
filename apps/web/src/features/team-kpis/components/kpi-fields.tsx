import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { TKpiDraft } from '../utils/department-drafts.ts';

type KpiFieldsProps = {
  position: number;
  kpi: TKpiDraft;
  // Why this KPI cannot be removed (a goal's only KPI,
  // docs/domain/leaders-goals-kpis.md#the-kpi-setup-form), or null.
  removalBlocker: string | null;
  autoFocus: boolean;
  onChange: (patch: Partial<Omit<TKpiDraft, 'id'>>) => void;
  onRemove: () => void;
};

export function KpiFields({ position, kpi, removalBlocker, autoFocus, onChange, onRemove }: KpiFieldsProps) {
  const reasonId = useId();
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <TextInput
        label={t`KPI ${position} title`}
        value={kpi.title}
        autoFocus={autoFocus}
        maxLength={200}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
      />
      <Textarea
        label={t`KPI ${position} description (optional)`}
        value={kpi.description}
        // Fixed rows rather than autosize: autosize listens to document.fonts, which jsdom lacks.
        rows={2}
        maxLength={2000}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
      />
      <Group justify="flex-end" gap="xs">
        {/* Visible, and the disabled button's description, so everyone learns why it cannot be used. */}
        {removalBlocker && (
          <Text id={reasonId} size="xs" c="dimmed">
            {removalBlocker}
          </Text>
        )}
        <Button
          variant="subtle"
          color="red"
          size="xs"
          aria-label={t`Remove KPI ${position}`}
          aria-describedby={removalBlocker ? reasonId : undefined}
          disabled={removalBlocker !== null}
          onClick={onRemove}
        >
          <Trans>Remove KPI</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
