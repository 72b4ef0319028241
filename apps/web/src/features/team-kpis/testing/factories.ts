import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';

export const ENGINEERING = { id: crypto.randomUUID(), name: 'Engineering', type: 'department' };
export const CUSTOMER_SUCCESS = { id: crypto.randomUUID(), name: 'Customer Success', type: 'department' };

// Marcus Chen in the demo: a team leader of two teams, once the leader has set goals.
export function createFlowStatus(overrides: Partial<TUserFlowStatusResponse> = {}): TUserFlowStatusResponse {
  return {
    navigation_path: 'dashboard',
    has_accepted_terms: true,
    has_active_habits: false,
    needs_mood_entry: false,
    role: 'team_leader',
    has_organizational_goals: true,
    manageable_teams: [ENGINEERING, CUSTOMER_SUCCESS],
    ...overrides,
  };
}

export function createProgramme(overrides: Partial<TProgramme> = {}): TProgramme {
  return {
    id: crypto.randomUUID(),
    name: 'Leadership Excellence Programme',
    description: null,
    intro_content: null,
    starts_at: null,
    modules: [],
    ...overrides,
  };
}

export function createGoal(overrides: Partial<TOrganizationalGoal> = {}): TOrganizationalGoal {
  return { id: crypto.randomUUID(), title: 'Grow revenue', description: null, sequence_order: 0, ...overrides };
}

export function createDepartment(overrides: Partial<TDepartment> = {}): TDepartment {
  return {
    id: crypto.randomUUID(),
    name: ENGINEERING.name,
    description: null,
    team_id: ENGINEERING.id,
    organizational_goal_ids: [],
    ...overrides,
  };
}

export function createKpi(
  department: TDepartment,
  goal: TOrganizationalGoal,
  overrides: Partial<TDepartmentKpi> = {},
): TDepartmentKpi {
  return {
    id: crypto.randomUUID(),
    department_id: department.id,
    organizational_goal_id: goal.id,
    title: 'Deploys a week',
    description: null,
    ...overrides,
  };
}
