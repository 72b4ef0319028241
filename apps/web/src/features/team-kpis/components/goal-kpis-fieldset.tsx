import { Trans, useLingui } from '@lingui/react/macro';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import { Button, Divider, Fieldset, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { TGoalKpis, TKpiDraft } from '../utils/department-drafts.ts';
import type { TDraftId } from '../../../lib/draft-id.ts';
import { goalRemovalBlocker, kpiRemovalBlocker } from '../utils/kpi-form-rules.ts';
import { KpiFields } from './kpi-fields.tsx';

type GoalKpisFieldsetProps = {
  goal: TOrganizationalGoal | undefined;
  group: TGoalKpis;
  focusId: TDraftId | null;
  onAddKpi: () => void;
  onChangeKpi: (kpiId: TDraftId, patch: Partial<Omit<TKpiDraft, 'id'>>) => void;
  onRemoveKpi: (kpiId: TDraftId) => void;
  onRemoveGoal: () => void;
};

// One organisational goal of a department and the KPIs that measure it.
export function GoalKpisFieldset({ goal, group, focusId, ...on }: GoalKpisFieldsetProps) {
  // A goal deleted by the leader since the page loaded has no title any more.
  const { t } = useLingui();
  const title = goal?.title ?? t`Removed goal`;
  return (
    <Fieldset legend={t`Goal: ${title}`} variant="filled">
      <Stack gap="sm">
        {goal?.description && (
          <Text size="sm" c="dimmed">
            {goal.description}
          </Text>
        )}
        {group.kpis.map((kpi, index) => (
          <Fragment key={kpi.id}>
            {index > 0 && <Divider />}
            <KpiFields
              position={index + 1}
              kpi={kpi}
              removalBlocker={kpiRemovalBlocker(group, kpi)}
              autoFocus={kpi.id === focusId}
              onChange={(patch) => on.onChangeKpi(kpi.id, patch)}
              onRemove={() => on.onRemoveKpi(kpi.id)}
            />
          </Fragment>
        ))}
        <Group gap="xs">
          <Button variant="light" size="xs" aria-label={t`Add KPI to ${title}`} onClick={on.onAddKpi}>
            <Trans>Add KPI</Trans>
          </Button>
          {/* Only before any of its KPIs is saved: there is no call to detach a goal again. */}
          {!goalRemovalBlocker(group) && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              aria-label={t`Remove goal ${title}`}
              onClick={on.onRemoveGoal}
            >
              <Trans>Remove goal</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}
