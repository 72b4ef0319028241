import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDepartmentDrafts } from '../hooks/use-department-drafts.ts';
import type { TTeam } from '../hooks/use-kpi-setup-data.ts';
import { KpiSaveError, SAVE_FAILED, useSaveKpis } from '../hooks/use-save-kpis.ts';
import { toDepartmentDrafts } from '../utils/department-drafts.ts';
import { nextTempId, type TDraftId } from '../../../lib/draft-id.ts';
import { freeTeamIds } from '../utils/kpi-form-rules.ts';
import { planKpiSave } from '../utils/kpi-save-plan.ts';
import { hasProgrammeStarted } from '../../../lib/start-date.ts';
import { DepartmentFieldset } from './department-fieldset.tsx';
import { StartDateNotice } from './start-date-notice.tsx';

// `refresh` makes the dashboard reload what it shows (SPEC §2 Dashboard).
export const DASHBOARD_AFTER_SAVE_PATH = '/programme/dashboard?refresh=1';

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
  const navigate = useNavigate();
  const save = useSaveKpis();
  const teamIds = teams.map((team) => team.id);
  const drafts = useDepartmentDrafts(() =>
    toDepartmentDrafts({ departments, kpis, goals, teamIds, newId: nextTempId }),
  );
  const [serverDetail, setServerDetail] = useState<string | null>(null);
  const noFreeTeamId = useId();
  const started = hasProgrammeStarted(programme.starts_at);
  const locked = started || save.isPending;
  const freeTeams = freeTeamIds(teams, drafts.departments);

  const remove = (id: TDraftId) => {
    const refusal = drafts.removeDepartment(id);
    if (refusal) window.alert(refusal);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked) return;
    const result = planKpiSave(drafts.departments, programme.id);
    if (!result.ok) {
      window.alert(result.message);
      return;
    }
    setServerDetail(null);
    try {
      await save.mutateAsync({
        plan: result.plan,
        onDepartmentCreated: drafts.markDepartmentCreated,
        onKpiCreated: drafts.markKpiCreated,
      });
    } catch (error) {
      console.error('Saving the departments and KPIs failed', error);
      window.alert(SAVE_FAILED);
      setServerDetail(error instanceof KpiSaveError ? (error.detail ?? null) : null);
      return;
    }
    await navigate(DASHBOARD_AFTER_SAVE_PATH);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={labelledBy}>
      <Stack gap="lg">
        <Text>
          Define a department for each team you lead in {programme.name}, and the KPIs that measure its part in each
          organizational goal.
        </Text>
        <StartDateNotice startsAt={programme.starts_at} started={started} />
        {/* One disabled fieldset locks every field while saving or once the programme has started. */}
        <fieldset disabled={locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
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
                Add department
              </Button>
              {freeTeams.length === 0 && (
                <Text id={noFreeTeamId} size="xs" c="dimmed">
                  Each team you lead already has a department.
                </Text>
              )}
            </Group>
          </Stack>
        </fieldset>
        {serverDetail && (
          <Alert color="red" role="alert" title="The departments and KPIs were not saved">
            {serverDetail}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={locked}>
            {save.isPending ? 'Saving...' : 'Save departments and KPIs'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
