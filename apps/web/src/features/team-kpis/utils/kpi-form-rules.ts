import { msg, t } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TDepartmentDraft, TGoalKpis, TKpiDraft } from './department-drafts.ts';
import { isStoredId, type TDraftId } from '../../../lib/draft-id.ts';

// Worded in the language shown when they are asked for; the constants are their source (en-GB)
// texts, which the tests look for.
const lastDepartmentMessage = msg`You must have at least one department`;
const singleKpiReason = msg`Each goal needs at least one KPI, so its only KPI cannot be removed.`;
export const LAST_DEPARTMENT_MESSAGE = lastDepartmentMessage.message as string;
export const SINGLE_KPI_REASON = singleKpiReason.message as string;
// There is no delete call for KPIs or departments
// (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form): what is saved stays.
const storedKpiReason = msg`Saved KPIs cannot be removed.`;
const storedDepartmentReason = msg`Saved departments cannot be removed.`;
const storedGoalReason = msg`This goal has saved KPIs, so it stays with the department.`;
export const STORED_KPI_REASON = storedKpiReason.message as string;
export const STORED_DEPARTMENT_REASON = storedDepartmentReason.message as string;
export const STORED_GOAL_REASON = storedGoalReason.message as string;
export const storedDepartmentReasonText = () => i18n._(storedDepartmentReason);

export type TRemoveDepartmentResult = { ok: true; departments: TDepartmentDraft[] } | { ok: false; message: string };

// The last department stays (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form).
export function removeDepartment(departments: TDepartmentDraft[], id: TDraftId): TRemoveDepartmentResult {
  if (departments.length <= 1) return { ok: false, message: i18n._(lastDepartmentMessage) };
  const department = departments.find((candidate) => candidate.id === id);
  if (department && isStoredId(department.id)) return { ok: false, message: i18n._(storedDepartmentReason) };
  return { ok: true, departments: departments.filter((candidate) => candidate.id !== id) };
}

// Why a KPI's remove control is disabled, or null when it may go.
export function kpiRemovalBlocker(group: TGoalKpis, kpi: TKpiDraft): string | null {
  if (group.kpis.length <= 1) return i18n._(singleKpiReason);
  return isStoredId(kpi.id) ? i18n._(storedKpiReason) : null;
}

export function goalRemovalBlocker(group: TGoalKpis): string | null {
  return group.kpis.some((kpi) => isStoredId(kpi.id)) ? i18n._(storedGoalReason) : null;
}

export type TOption = { value: string; label: string; disabled: boolean };

// A goal cannot be added twice to the same department, so its option is disabled there
// (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form).
export function goalOptions(goals: readonly TOrganizationalGoal[], department: TDepartmentDraft): TOption[] {
  return goals.map((goal) => {
    const added = department.goals.some((group) => group.goalId === goal.id);
    const title = goal.title;
    return { value: goal.id, label: added ? t`${title} (already added)` : title, disabled: added };
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
    const name = team.name;
    return { value: team.id, label: taken ? t`${name} (already has a department)` : name, disabled: taken };
  });
}

export function freeTeamIds(teams: ReadonlyArray<{ id: string }>, departments: readonly TDepartmentDraft[]) {
  return teams.filter((team) => !departments.some((department) => department.teamId === team.id)).map((t) => t.id);
}
