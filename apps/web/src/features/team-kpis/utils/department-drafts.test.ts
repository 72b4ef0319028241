import { describe, expect, it } from 'vitest';
import {
  addGoal,
  addKpi,
  changeKpi,
  markDepartmentCreated,
  markKpiCreated,
  newDepartment,
  removeGoal,
  toDepartmentDrafts,
} from './department-drafts.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [GROW, CARE, DEPT, TEAM, KPI] = [id(1), id(2), id(3), id(4), id(5)];
const goals = [
  { id: GROW, title: 'Grow', description: null, sequence_order: 0 },
  { id: CARE, title: 'Care', description: null, sequence_order: 1 },
];

describe('toDepartmentDrafts', () => {
  it('opens one new department, with the team preselected only when there is a single team', () => {
    const base = { departments: [], kpis: [], goals, newId: () => 9 };
    expect(toDepartmentDrafts({ ...base, teamIds: [TEAM] })).toEqual([newDepartment(9, TEAM)]);
    expect(toDepartmentDrafts({ ...base, teamIds: [TEAM, id(6)] })).toEqual([newDepartment(9, '')]);
  });

  it('groups stored KPIs by goal in goal order, with an empty row for a goal without KPIs', () => {
    const drafts = toDepartmentDrafts({
      departments: [
        { id: DEPT, name: 'Engineering', description: null, team_id: TEAM, organizational_goal_ids: [CARE, GROW] },
      ],
      kpis: [{ id: KPI, department_id: DEPT, organizational_goal_id: GROW, title: 'Deploys', description: 'Weekly' }],
      goals,
      teamIds: [TEAM],
      newId: () => 9,
    });
    expect(drafts).toEqual([
      {
        id: DEPT,
        teamId: TEAM,
        description: '',
        goals: [
          { goalId: GROW, kpis: [{ id: KPI, title: 'Deploys', description: 'Weekly' }] },
          { goalId: CARE, kpis: [{ id: 9, title: '', description: '' }] },
        ],
      },
    ]);
  });
});

describe('editing a department', () => {
  it('adds a goal once, with one empty KPI', () => {
    const once = addGoal(newDepartment(1), GROW, 2);
    expect(once.goals).toEqual([{ goalId: GROW, kpis: [{ id: 2, title: '', description: '' }] }]);
    expect(addGoal(once, GROW, 3)).toBe(once);
    expect(removeGoal(once, GROW).goals).toEqual([]);
  });

  it('adds and edits KPIs', () => {
    const group = changeKpi(addKpi({ goalId: GROW, kpis: [] }, 4), 4, { title: 'NPS' });
    expect(group.kpis).toEqual([{ id: 4, title: 'NPS', description: '' }]);
  });

  it('records what a half-finished save already created', () => {
    const drafts = [addGoal(newDepartment(1, TEAM), GROW, 2)];
    const marked = markKpiCreated(markDepartmentCreated(drafts, 1, DEPT), 2, KPI);
    expect(marked[0]).toMatchObject({ id: DEPT, goals: [{ goalId: GROW, kpis: [{ id: KPI }] }] });
  });
});
