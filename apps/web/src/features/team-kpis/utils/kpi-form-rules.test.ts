import { describe, expect, it } from 'vitest';
import { addGoal, newDepartment, type TDepartmentDraft } from './department-drafts.ts';
import {
  freeTeamIds,
  goalOptions,
  goalRemovalBlocker,
  kpiRemovalBlocker,
  LAST_DEPARTMENT_MESSAGE,
  removeDepartment,
  SINGLE_KPI_REASON,
  STORED_DEPARTMENT_REASON,
  STORED_GOAL_REASON,
  STORED_KPI_REASON,
  teamOptions,
} from './kpi-form-rules.ts';

const STORED = '3f2b8c1e-7d4a-4c9b-a5e6-0f1d2c3b4a59';
const goals = [
  { id: 'goal-grow-0000001', title: 'Grow', description: null, sequence_order: 0 },
  { id: 'goal-care-0000002', title: 'Care', description: null, sequence_order: 1 },
];
const teams = [
  { id: 'team-eng-00000001', name: 'Engineering' },
  { id: 'team-cs-000000002', name: 'Customer Success' },
];

describe('removing', () => {
  it('refuses to remove the last department, or a stored one', () => {
    expect(removeDepartment([newDepartment(1)], 1)).toEqual({ ok: false, message: LAST_DEPARTMENT_MESSAGE });
    const stored: TDepartmentDraft = { ...newDepartment(STORED), teamId: teams[0]!.id };
    expect(removeDepartment([stored, newDepartment(2)], STORED)).toEqual({
      ok: false,
      message: STORED_DEPARTMENT_REASON,
    });
    expect(removeDepartment([stored, newDepartment(2)], 2)).toEqual({ ok: true, departments: [stored] });
  });

  it('keeps the only KPI of a goal, and stored KPIs', () => {
    const single = { goalId: goals[0]!.id, kpis: [{ id: 1, title: '', description: '' }] };
    expect(kpiRemovalBlocker(single, single.kpis[0]!)).toBe(SINGLE_KPI_REASON);
    const pair = { goalId: goals[0]!.id, kpis: [{ id: STORED, title: 'a', description: '' }, single.kpis[0]!] };
    expect(kpiRemovalBlocker(pair, pair.kpis[0]!)).toBe(STORED_KPI_REASON);
    expect(kpiRemovalBlocker(pair, pair.kpis[1]!)).toBeNull();
    expect(goalRemovalBlocker(pair)).toBe(STORED_GOAL_REASON);
    expect(goalRemovalBlocker(single)).toBeNull();
  });
});

describe('options', () => {
  it('disables a goal the department already has', () => {
    const department = addGoal(newDepartment(1), goals[0]!.id, 2);
    expect(goalOptions(goals, department)).toEqual([
      { value: goals[0]!.id, label: 'Grow (already added)', disabled: true },
      { value: goals[1]!.id, label: 'Care', disabled: false },
    ]);
  });

  it("disables a team another department uses, but not the department's own", () => {
    const engineering = newDepartment(1, teams[0]!.id);
    const other = newDepartment(2);
    expect(teamOptions(teams, [engineering, other], other)).toEqual([
      { value: teams[0]!.id, label: 'Engineering (already has a department)', disabled: true },
      { value: teams[1]!.id, label: 'Customer Success', disabled: false },
    ]);
    expect(teamOptions(teams, [engineering, other], engineering)[0]?.disabled).toBe(false);
    expect(freeTeamIds(teams, [engineering, other])).toEqual([teams[1]!.id]);
  });
});
