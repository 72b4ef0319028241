import { useState } from 'react';
import {
  addGoal,
  addKpi,
  changeKpi,
  markDepartmentCreated,
  markKpiCreated,
  newDepartment,
  removeGoal,
  updateDepartment,
  updateGoalKpis,
  type TDepartmentDraft,
  type TKpiDraft,
} from '../utils/department-drafts.ts';
import { nextTempId, type TDraftId } from '../../../lib/draft-id.ts';
import { kpiRemovalBlocker, removeDepartment } from '../utils/kpi-form-rules.ts';

// The form's state and every edit it allows, each a pure function from utils/. `focusId` is the
// row just added, whose first field takes the focus so keyboard users can type straight away.
export function useDepartmentDrafts(initial: () => TDepartmentDraft[]) {
  const [departments, setDepartments] = useState(initial);
  const [focusId, setFocusId] = useState<TDraftId | null>(null);

  const onDepartment = (id: TDraftId, update: (department: TDepartmentDraft) => TDepartmentDraft) =>
    setDepartments((current) => updateDepartment(current, id, update));
  const onGroup = (id: TDraftId, goalId: string, update: Parameters<typeof updateGoalKpis>[2]) =>
    onDepartment(id, (department) => updateGoalKpis(department, goalId, update));
  const withNewRow = (apply: (rowId: TDraftId) => void) => {
    const rowId = nextTempId();
    apply(rowId);
    setFocusId(rowId);
  };

  return {
    departments,
    focusId,
    addDepartment: (teamId: string) =>
      withNewRow((rowId) => setDepartments((current) => [...current, newDepartment(rowId, teamId)])),
    // Returns the refusal to alert, if any.
    removeDepartment: (id: TDraftId): string | null => {
      const result = removeDepartment(departments, id);
      if (!result.ok) return result.message;
      setDepartments(result.departments);
      return null;
    },
    changeDepartment: (id: TDraftId, patch: Partial<Pick<TDepartmentDraft, 'teamId' | 'description'>>) =>
      onDepartment(id, (department) => ({ ...department, ...patch })),
    addGoal: (id: TDraftId, goalId: string) =>
      withNewRow((kpiId) => onDepartment(id, (department) => addGoal(department, goalId, kpiId))),
    removeGoal: (id: TDraftId, goalId: string) => onDepartment(id, (department) => removeGoal(department, goalId)),
    addKpi: (id: TDraftId, goalId: string) =>
      withNewRow((kpiId) => onGroup(id, goalId, (group) => addKpi(group, kpiId))),
    changeKpi: (id: TDraftId, goalId: string, kpiId: TDraftId, patch: Partial<Omit<TKpiDraft, 'id'>>) =>
      onGroup(id, goalId, (group) => changeKpi(group, kpiId, patch)),
    removeKpi: (id: TDraftId, goalId: string, kpiId: TDraftId) =>
      onGroup(id, goalId, (group) => {
        const kpi = group.kpis.find((candidate) => candidate.id === kpiId);
        // The control is disabled in these cases; this only keeps the rule in one place.
        if (!kpi || kpiRemovalBlocker(group, kpi)) return group;
        return { ...group, kpis: group.kpis.filter((candidate) => candidate.id !== kpiId) };
      }),
    markDepartmentCreated: (tempId: TDraftId, storedId: string) =>
      setDepartments((current) => markDepartmentCreated(current, tempId, storedId)),
    markKpiCreated: (tempId: TDraftId, storedId: string) =>
      setDepartments((current) => markKpiCreated(current, tempId, storedId)),
  };
}

export type TDepartmentDraftsApi = ReturnType<typeof useDepartmentDrafts>;
