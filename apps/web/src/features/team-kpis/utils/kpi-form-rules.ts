import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TDepartmentDraft, TGoalKpis, TKpiDraft } from './department-drafts.ts';
import { isStoredId, type TDraftId } from '../../../lib/draft-id.ts';

export const LAST_DEPARTMENT_MESSAGE = 'You must have at least one department';
export const SINGLE_KPI_REASON = 'Each goal needs at least one KPI, so its only KPI cannot be removed.';
// There is no delete call for KPIs or departments
// (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form): what is saved stays.
export const STORED_KPI_REASON = 'Saved KPIs cannot be removed.';
export const STORED_DEPARTMENT_REASON = 'Saved departments cannot be removed.';
export const STORED_GOAL_REASON = 'This goal has saved KPIs, so it stays with the department.';

export type TRemoveDepartmentResult = { ok: true; departments: TDepartmentDraft[] } | { ok: false; message: string };

// The last department stays (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form).
export function removeDepartment(departments: TDepartmentDraft[], id: TDraftId): TRemoveDepartmentResult {
  if (departments.length <= 1) return { ok: false, message: LAST_DEPARTMENT_MESSAGE };
  const department = departments.find((candidate) => candidate.id === id);
  if (department && isStoredId(department.id)) return { ok: false, message: STORED_DEPARTMENT_REASON };
  return { ok: true, departments: departments.filter((candidate) => candidate.id !== id) };
}

// Why a KPI's remove control is disabled, or null when it may go.
export function kpiRemovalBlocker(group: TGoalKpis, kpi: TKpiDraft): string | null {
  if (group.kpis.length <= 1) return SINGLE_KPI_REASON;
  return isStoredId(kpi.id) ? STORED_KPI_REASON : null;
}

export function goalRemovalBlocker(group: TGoalKpis): string | null {
  return group.kpis.some((kpi) => isStoredId(kpi.id)) ? STORED_GOAL_REASON : null;
}

export type TOption = { value: string; label: string; disabled: boolean };

// A goal cannot be added twice to the same department, so its option is disabled there
// (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form).
export function goalOptions(goals: readonly TOrganizationalGoal[], department: TDepartmentDraft): TOption[] {
  return goals.map((goal) => {
    const added = department.goals.some((group) => group.goalId === goal.id);
    return { value: goal.id, label: added ? `${goal.title} (already added)` : goal.title, disabled: added };
  });
}

// A team has at most one department per programme (the server answers 409 to a second one), so a
// team another department already uses is disabled.
export function teamOptions(
  teams: ReadonlyArray<{ id: string; name: string }>,
  departments: readonly TDepartmentDraft[],
  department: TDepartmentDraft,
): TOption[] {
  return teams.map((team) => {
    const taken = departments.some((other) => other.id !== department.id && other.teamId === team.id);
    return { value: team.id, label: taken ? `${team.name} (already has a department)` : team.name, disabled: taken };
  });
}

export function freeTeamIds(teams: ReadonlyArray<{ id: string }>, departments: readonly TDepartmentDraft[]) {
  return teams.filter((team) => !departments.some((department) => department.teamId === team.id)).map((t) => t.id);
}
