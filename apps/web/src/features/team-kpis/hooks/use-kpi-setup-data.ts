import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { isFreshAnswer } from '../../../lib/fresh-answer.ts';
import { useCurrentProgramme } from '../../../lib/queries/current-programme.ts';
import { useUserFlowStatus } from '../../../lib/queries/user-flow-status.ts';
import { useAvailableGoals } from '../api/list-available-goals.ts';
import { useDepartmentKpis } from '../api/list-department-kpis.ts';
import { useDepartments } from '../api/list-departments.ts';

export type TTeam = { id: string; name: string };

export type TKpiSetupData =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'no-programme' }
  | { status: 'not-team-leader' }
  | { status: 'waiting-for-goals' }
  | {
      status: 'success';
      programme: TProgramme;
      goals: TOrganizationalGoal[];
      teams: TTeam[];
      departments: TDepartment[];
      kpis: TDepartmentKpi[];
    };

// The teams to choose from (flow status manageable_teams), plus the team of any stored department
// that is no longer in that list, so a saved department always shows its name.
function teamsOf(manageable: readonly TTeam[], departments: readonly TDepartment[]): TTeam[] {
  const missing = departments
    .filter((department) => !manageable.some((team) => team.id === department.team_id))
    .map((department) => ({ id: department.team_id, name: department.name }));
  return [...manageable.map(({ id, name }) => ({ id, name })), ...missing];
}

// Everything the form needs before it can be seeded: who the user is (role, teams), the programme,
// its goals, the team leader's departments and each department's KPIs.
export function useKpiSetupData(): TKpiSetupData {
  const flow = useUserFlowStatus();
  const programme = useCurrentProgramme();
  const programmeId = programme.data?.id;
  const goals = useAvailableGoals(programmeId);
  const departments = useDepartments(programmeId);
  const kpis = useDepartmentKpis(departments.data?.map((department) => department.id) ?? []);

  const started = programme.data ? [goals, departments] : [];
  const failed = [flow, programme, ...started].filter((query) => query.isError);
  if (failed.length > 0) return { status: 'error', retry: () => failed.forEach((query) => void query.refetch()) };
  if (kpis.status === 'error') return kpis;
  if (!flow.isSuccess || !programme.isSuccess) return { status: 'pending' };
  // The role and the teams seed the form: from a fresh status only, never a kept one (docs/decisions/012).
  if (!isFreshAnswer(flow)) return { status: 'pending' };
  if (flow.data.role !== 'team_leader') return { status: 'not-team-leader' };
  if (programme.data === null) return { status: 'no-programme' };
  if (!goals.isSuccess || !departments.isSuccess || kpis.status === 'pending') return { status: 'pending' };
  // KPIs hang off the goals, so with none yet there is nothing to define
  // (docs/domain/dashboard-and-flow.md#waiting-for-organisational-goals).
  if (goals.data.length === 0) return { status: 'waiting-for-goals' };
  return {
    status: 'success',
    programme: programme.data,
    goals: goals.data,
    teams: teamsOf(flow.data.manageable_teams, departments.data),
    departments: departments.data,
    kpis: kpis.kpis,
  };
}
