import { Trans, useLingui } from '@lingui/react/macro';
import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { SetupForm } from '../../../components/ui/setup-form.tsx';
import { nextTempId, type TDraftId } from '../../../lib/draft-id.ts';
import { useSetupSave } from '../../../lib/use-setup-save.ts';
import { useDepartmentDrafts } from '../hooks/use-department-drafts.ts';
import type { TTeam } from '../hooks/use-kpi-setup-data.ts';
import { saveFailedText, useSaveKpis } from '../hooks/use-save-kpis.ts';
import { toDepartmentDrafts } from '../utils/department-drafts.ts';
import { freeTeamIds } from '../utils/kpi-form-rules.ts';
import { planKpiSave } from '../utils/kpi-save-plan.ts';
import { DepartmentFieldset } from './department-fieldset.tsx';

type KpiSetupFormProps = {
  programme: TProgramme;
  goals: TOrganizationalGoal[];
  teams: TTeam[];
  departments: TDepartment[];
  kpis: TDepartmentKpi[];
  // The page heading's id: it names the form.
  labelledBy: string;
};

export function KpiSetupForm({ programme, goals, teams, departments, kpis, labelledBy }: KpiSetupFormProps) {
  const save = useSaveKpis();
  const { t } = useLingui();
  const teamIds = teams.map((team) => team.id);
  const drafts = useDepartmentDrafts(() =>
    toDepartmentDrafts({ departments, kpis, goals, teamIds, newId: nextTempId }),
  );
  const noFreeTeamId = useId();
  const freeTeams = freeTeamIds(teams, drafts.departments);
  const form = useSetupSave({
    startsAt: programme.starts_at,
    saving: save.isPending,
    plan: () => planKpiSave(drafts.departments, programme.id),
    save: (plan) =>
      save.mutateAsync({
        plan,
        onDepartmentCreated: drafts.markDepartmentCreated,
        onKpiCreated: drafts.markKpiCreated,
      }),
    saveFailed: saveFailedText(),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the console
    what: 'the departments and KPIs',
  });

  const remove = (id: TDraftId) => {
    const refusal = drafts.removeDepartment(id);
    if (refusal) window.alert(refusal);
  };

  const programmeName = programme.name;
  return (
    <SetupForm
      labelledBy={labelledBy}
      onSubmit={form.submit}
      intro={t`Define a department for each team you lead in ${programmeName}, and the KPIs that measure its part in each organizational goal.`}
      notice={{
        startsAt: programme.starts_at,
        started: form.started,
        readOnlyTitle: t`Departments and KPIs are read-only`,
        afterStart: (date) =>
          t`The programme started on ${date}. Its departments and KPIs can no longer be changed, so saving is turned off.`,
        beforeStart: t`You can change your departments and KPIs until the programme starts.`,
      }}
      failure={{ title: t`The departments and KPIs were not saved`, detail: form.serverDetail }}
      submit={{
        label: t`Save departments and KPIs`,
        savingLabel: t`Saving...`,
        saving: save.isPending,
        disabled: form.locked,
      }}
    >
      {/* One disabled fieldset locks every field while saving or once the programme has started. */}
      <fieldset disabled={form.locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="lg">
          {drafts.departments.map((department, index) => (
            <DepartmentFieldset
              key={department.id}
              position={index + 1}
              department={department}
              goals={goals}
              teams={teams}
              drafts={drafts}
              onRemove={() => remove(department.id)}
            />
          ))}
          <Group gap="xs">
            <Button
              variant="default"
              disabled={freeTeams.length === 0}
              aria-describedby={freeTeams.length === 0 ? noFreeTeamId : undefined}
              onClick={() => drafts.addDepartment(freeTeams.length === 1 ? freeTeams[0]! : '')}
            >
              <Trans>Add department</Trans>
            </Button>
            {freeTeams.length === 0 && (
              <Text id={noFreeTeamId} size="xs" c="dimmed">
                <Trans>Each team you lead already has a department.</Trans>
              </Text>
            )}
          </Group>
        </Stack>
      </fieldset>
    </SetupForm>
  );
}
