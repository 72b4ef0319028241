import { Trans, useLingui } from '@lingui/react/macro';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import { Button, Fieldset, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { TDepartmentDraftsApi } from '../hooks/use-department-drafts.ts';
import type { TTeam } from '../hooks/use-kpi-setup-data.ts';
import type { TDepartmentDraft } from '../utils/department-drafts.ts';
import { isStoredId } from '../../../lib/draft-id.ts';
import { goalOptions, storedDepartmentReasonText, teamOptions } from '../utils/kpi-form-rules.ts';
import { AddGoalControl } from './add-goal-control.tsx';
import { GoalKpisFieldset } from './goal-kpis-fieldset.tsx';

type DepartmentFieldsetProps = {
  position: number;
  department: TDepartmentDraft;
  goals: TOrganizationalGoal[];
  teams: TTeam[];
  drafts: TDepartmentDraftsApi;
  onRemove: () => void;
};

// One department: its team, description and, per goal it takes on, that goal's KPIs. A saved
// department keeps its team and description (there is no department update call,
// docs/domain/leaders-goals-kpis.md#departments).
export function DepartmentFieldset({ position, department, goals, teams, drafts, onRemove }: DepartmentFieldsetProps) {
  const reasonId = useId();
  const stored = isStoredId(department.id);
  const teamName = teams.find((team) => team.id === department.teamId)?.name;
  const { id } = department;
  const { t } = useLingui();
  return (
    <Fieldset legend={teamName ? t`Department ${position}: ${teamName}` : t`Department ${position}`}>
      <Stack gap="md">
        {stored ? (
          <TextInput
            label={t`Team`}
            value={teamName ?? ''}
            readOnly
            description={t`A saved department keeps its team.`}
          />
        ) : (
          <NativeSelect
            label={t`Team`}
            value={department.teamId}
            onChange={(event) => drafts.changeDepartment(id, { teamId: event.currentTarget.value })}
            data={[
              { value: '', label: t`Choose a team`, disabled: false },
              ...teamOptions(teams, drafts.departments, department),
            ]}
          />
        )}
        <Textarea
          label={t`Description (optional)`}
          value={department.description}
          rows={2}
          maxLength={2000}
          readOnly={stored}
          description={stored ? t`A saved department's description cannot be changed here.` : undefined}
          onChange={(event) => drafts.changeDepartment(id, { description: event.currentTarget.value })}
        />
        {department.goals.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>Add an organizational goal to define this department&apos;s KPIs for it.</Trans>
          </Text>
        )}
        {department.goals.map((group) => (
          <GoalKpisFieldset
            key={group.goalId}
            goal={goals.find((goal) => goal.id === group.goalId)}
            group={group}
            focusId={drafts.focusId}
            onAddKpi={() => drafts.addKpi(id, group.goalId)}
            onChangeKpi={(kpiId, patch) => drafts.changeKpi(id, group.goalId, kpiId, patch)}
            onRemoveKpi={(kpiId) => drafts.removeKpi(id, group.goalId, kpiId)}
            onRemoveGoal={() => drafts.removeGoal(id, group.goalId)}
          />
        ))}
        <AddGoalControl options={goalOptions(goals, department)} onAdd={(goalId) => drafts.addGoal(id, goalId)} />
        <Group justify="flex-end" gap="xs">
          {stored && (
            <Text id={reasonId} size="xs" c="dimmed">
              {storedDepartmentReasonText()}
            </Text>
          )}
          <Button
            variant="subtle"
            color="red"
            aria-label={t`Remove department ${position}`}
            aria-describedby={stored ? reasonId : undefined}
            disabled={stored}
            onClick={onRemove}
          >
            <Trans>Remove department</Trans>
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
