import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TDraftId } from '../../../lib/draft-id.ts';

export type TKpiDraft = { id: TDraftId; title: string; description: string };
// The KPIs a department defines for one organisational goal.
export type TGoalKpis = { goalId: string; kpis: TKpiDraft[] };
// teamId '' = no team chosen yet (only possible before the department is saved).
export type TDepartmentDraft = { id: TDraftId; teamId: string; description: string; goals: TGoalKpis[] };

export const emptyKpi = (id: TDraftId): TKpiDraft => ({ id, title: '', description: '' });

export function newDepartment(id: TDraftId, teamId = ''): TDepartmentDraft {
  return { id, teamId, description: '', goals: [] };
}

// Goals in the programme's order; a goal the department took on without a KPI yet gets an empty
// row, so every goal shown has somewhere to type.
function departmentGoals(
  department: TDepartment,
  kpis: readonly TDepartmentKpi[],
  goalOrder: readonly string[],
  newId: () => TDraftId,
): TGoalKpis[] {
  const own = kpis.filter((kpi) => kpi.department_id === department.id);
  const goalIds = [
    ...new Set([...department.organizational_goal_ids, ...own.map((kpi) => kpi.organizational_goal_id)]),
  ];
  const rank = (goalId: string) => (goalOrder.includes(goalId) ? goalOrder.indexOf(goalId) : goalOrder.length);
  return goalIds
    .sort((a, b) => rank(a) - rank(b))
    .map((goalId) => {
      const rows = own
        .filter((kpi) => kpi.organizational_goal_id === goalId)
        .map((kpi) => ({ id: kpi.id, title: kpi.title, description: kpi.description ?? '' }));
      return { goalId, kpis: rows.length > 0 ? rows : [emptyKpi(newId())] };
    });
}

// The form's starting point: the stored departments, or one new department to fill in (with the
// team preselected when the team leader manages only one).
export function toDepartmentDrafts(options: {
  departments: readonly TDepartment[];
  kpis: readonly TDepartmentKpi[];
  goals: readonly TOrganizationalGoal[];
  teamIds: readonly string[];
  newId: () => TDraftId;
}): TDepartmentDraft[] {
  const { departments, kpis, goals, teamIds, newId } = options;
  const goalOrder = goals.map((goal) => goal.id);
  if (departments.length === 0) return [newDepartment(newId(), teamIds.length === 1 ? teamIds[0] : '')];
  return departments.map((department) => ({
    id: department.id,
    teamId: department.team_id,
    description: department.description ?? '',
    goals: departmentGoals(department, kpis, goalOrder, newId),
  }));
}

export function updateDepartment(
  departments: TDepartmentDraft[],
  id: TDraftId,
  update: (department: TDepartmentDraft) => TDepartmentDraft,
): TDepartmentDraft[] {
  return departments.map((department) => (department.id === id ? update(department) : department));
}

export function updateGoalKpis(
  department: TDepartmentDraft,
  goalId: string,
  update: (group: TGoalKpis) => TGoalKpis,
): TDepartmentDraft {
  return { ...department, goals: department.goals.map((group) => (group.goalId === goalId ? update(group) : group)) };
}

// A goal is added to a department once; a second add changes nothing
// (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form).
export function addGoal(department: TDepartmentDraft, goalId: string, kpiId: TDraftId): TDepartmentDraft {
  if (department.goals.some((group) => group.goalId === goalId)) return department;
  return { ...department, goals: [...department.goals, { goalId, kpis: [emptyKpi(kpiId)] }] };
}

export function removeGoal(department: TDepartmentDraft, goalId: string): TDepartmentDraft {
  return { ...department, goals: department.goals.filter((group) => group.goalId !== goalId) };
}

export function addKpi(group: TGoalKpis, kpiId: TDraftId): TGoalKpis {
  return { ...group, kpis: [...group.kpis, emptyKpi(kpiId)] };
}

export function changeKpi(group: TGoalKpis, kpiId: TDraftId, patch: Partial<Omit<TKpiDraft, 'id'>>): TGoalKpis {
  return { ...group, kpis: group.kpis.map((kpi) => (kpi.id === kpiId ? { ...kpi, ...patch } : kpi)) };
}

// After a save that failed half-way: a department or KPI the server now holds takes its id, so the
// next save updates it instead of creating it again (a second department for a team is refused).
export function markDepartmentCreated(
  departments: TDepartmentDraft[],
  tempId: TDraftId,
  storedId: string,
): TDepartmentDraft[] {
  return updateDepartment(departments, tempId, (department) => ({ ...department, id: storedId }));
}

export function markKpiCreated(departments: TDepartmentDraft[], tempId: TDraftId, storedId: string) {
  return departments.map((department) => ({
    ...department,
    goals: department.goals.map((group) => ({
      ...group,
      kpis: group.kpis.map((kpi) => (kpi.id === tempId ? { ...kpi, id: storedId } : kpi)),
    })),
  }));
}
