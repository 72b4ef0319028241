import { describe, expect, it } from 'vitest';
import type { TDepartmentDraft } from './department-drafts.ts';
import { NO_DEPARTMENT_MESSAGE, planKpiSave, validateDepartments } from './kpi-save-plan.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [PROGRAMME, GROW, CARE, ENG, CS, DEPT, KPI] = [id(1), id(2), id(3), id(4), id(5), id(6), id(7)];

const kpi = (kpiId: string | number, title: string, description = '') => ({ id: kpiId, title, description });

describe('validateDepartments', () => {
  it('needs a department with a team and a KPI with a title', () => {
    const noTeam: TDepartmentDraft = {
      id: 1,
      teamId: '',
      description: '',
      goals: [{ goalId: GROW, kpis: [kpi(2, 'A')] }],
    };
    const blankKpi: TDepartmentDraft = {
      id: 3,
      teamId: ENG,
      description: '',
      goals: [{ goalId: GROW, kpis: [kpi(4, ' ')] }],
    };
    const noGoals: TDepartmentDraft = { id: 5, teamId: CS, description: 'x', goals: [] };
    expect(validateDepartments([noTeam, blankKpi, noGoals])).toBe(NO_DEPARTMENT_MESSAGE);
    expect(planKpiSave([noTeam, blankKpi], PROGRAMME)).toEqual({ ok: false, message: NO_DEPARTMENT_MESSAGE });
    expect(validateDepartments([{ ...blankKpi, goals: [{ goalId: GROW, kpis: [kpi(4, 'Uptime')] }] }])).toBeNull();
  });
});

describe('planKpiSave', () => {
  it('posts a new department with the goals it has KPIs for, then its KPIs, trimmed, skipping blank titles', () => {
    const result = planKpiSave(
      [
        {
          id: 10,
          teamId: ENG,
          description: '  Platform and apps ',
          goals: [
            { goalId: GROW, kpis: [kpi(11, ' Deploys a week ', '  ten or more '), kpi(12, '')] },
            { goalId: CARE, kpis: [kpi(13, '   ')] },
          ],
        },
        { id: 20, teamId: '', description: '', goals: [{ goalId: GROW, kpis: [kpi(21, 'No team, skipped')] }] },
      ],
      PROGRAMME,
    );
    expect(result).toEqual({
      ok: true,
      plan: [
        {
          kind: 'create',
          tempId: 10,
          body: {
            program_id: PROGRAMME,
            description: 'Platform and apps',
            selected_team_id: ENG,
            organizational_goal_ids: [GROW],
          },
          newKpis: [
            {
              tempId: 11,
              fields: { organizational_goal_id: GROW, title: 'Deploys a week', description: 'ten or more' },
            },
          ],
        },
      ],
    });
  });

  it('keeps a stored department: puts its stored KPIs and posts its new ones, also for a newly added goal', () => {
    const result = planKpiSave(
      [
        {
          id: DEPT,
          teamId: ENG,
          description: 'ignored: no update call',
          goals: [
            { goalId: GROW, kpis: [kpi(KPI, 'Deploys'), kpi(30, 'Lead time')] },
            { goalId: CARE, kpis: [kpi(31, 'eNPS')] },
          ],
        },
      ],
      PROGRAMME,
    );
    expect(result).toEqual({
      ok: true,
      plan: [
        {
          kind: 'existing',
          departmentId: DEPT,
          updates: [{ id: KPI, fields: { organizational_goal_id: GROW, title: 'Deploys', description: null } }],
          newKpis: [
            { tempId: 30, fields: { organizational_goal_id: GROW, title: 'Lead time', description: null } },
            { tempId: 31, fields: { organizational_goal_id: CARE, title: 'eNPS', description: null } },
          ],
        },
      ],
    });
  });

  it('leaves out a stored department with nothing to send, and a stored KPI whose title was cleared', () => {
    const result = planKpiSave(
      [
        { id: DEPT, teamId: ENG, description: '', goals: [{ goalId: GROW, kpis: [kpi(KPI, '  ')] }] },
        { id: 40, teamId: CS, description: '', goals: [{ goalId: GROW, kpis: [kpi(41, 'CSAT')] }] },
      ],
      PROGRAMME,
    );
    expect(result.ok && result.plan.map((step) => step.kind)).toEqual(['create']);
  });
});
