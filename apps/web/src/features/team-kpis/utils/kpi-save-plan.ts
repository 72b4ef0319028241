import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';
import type { TDepartmentKpiInput } from '@habitrack/contracts/organizational/create-department-kpi';
import type { TCreateDepartmentRequest } from '@habitrack/contracts/organizational/create-department';
import type { TDepartmentDraft } from './department-drafts.ts';
import { storedIdOf, type TDraftId } from '../../../lib/draft-id.ts';

const noDepartmentMessage = msg`Please add at least one department with KPIs`;
// Its source (en-GB) text, which the tests look for.
export const NO_DEPARTMENT_MESSAGE = noDepartmentMessage.message as string;

// A KPI's fields before its department id is known (a new department's id comes from its POST).
export type TKpiFields = Omit<TDepartmentKpiInput, 'department_id'>;
export type TNewKpi = { tempId: TDraftId; fields: TKpiFields };

export type TDepartmentSaveStep =
  | { kind: 'create'; tempId: TDraftId; body: TCreateDepartmentRequest; newKpis: TNewKpi[] }
  | { kind: 'existing'; departmentId: string; updates: Array<{ id: string; fields: TKpiFields }>; newKpis: TNewKpi[] };

export type TKpiSavePlanResult = { ok: true; plan: TDepartmentSaveStep[] } | { ok: false; message: string };

const trimmed = (text: string) => text.trim();

// The KPIs worth sending, trimmed: those with an empty title are skipped
// (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form).
function keptKpis(department: TDepartmentDraft) {
  return department.goals.flatMap((group) =>
    group.kpis
      .map((kpi) => ({ id: kpi.id, title: trimmed(kpi.title), description: trimmed(kpi.description) }))
      .filter((kpi) => kpi.title !== '')
      .map((kpi) => ({
        id: kpi.id,
        fields: { organizational_goal_id: group.goalId, title: kpi.title, description: kpi.description || null },
      })),
  );
}

// At least one department with a chosen team and a KPI with a title
// (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form).
export function validateDepartments(departments: readonly TDepartmentDraft[]): string | null {
  const defined = departments.some((department) => department.teamId !== '' && keptKpis(department).length > 0);
  return defined ? null : i18n._(noDepartmentMessage);
}

// Which calls each department needs (docs/domain/leaders-goals-kpis.md#the-kpi-setup-form). A new
// department (numeric id) is posted with the goals it has KPIs for, then its KPIs; a stored one
// keeps its id (there is no department update call) and gets PUTs for its stored KPIs and POSTs for
// new ones, a new KPI attaching its goal on the server. A new department without a team cannot be
// posted and is skipped.
export function planKpiSave(departments: readonly TDepartmentDraft[], programmeId: string): TKpiSavePlanResult {
  const invalid = validateDepartments(departments);
  if (invalid) return { ok: false, message: invalid };

  const plan: TDepartmentSaveStep[] = [];
  for (const department of departments) {
    const kpis = keptKpis(department);
    const newKpis = kpis.filter((kpi) => !storedIdOf(kpi.id)).map((kpi) => ({ tempId: kpi.id, fields: kpi.fields }));
    const departmentId = storedIdOf(department.id);
    if (departmentId) {
      const updates = kpis.flatMap((kpi) => {
        const id = storedIdOf(kpi.id);
        return id ? [{ id, fields: kpi.fields }] : [];
      });
      if (updates.length > 0 || newKpis.length > 0) plan.push({ kind: 'existing', departmentId, updates, newKpis });
    } else if (department.teamId !== '') {
      const body: TCreateDepartmentRequest = {
        program_id: programmeId,
        description: trimmed(department.description) || null,
        selected_team_id: department.teamId,
        organizational_goal_ids: [...new Set(kpis.map((kpi) => kpi.fields.organizational_goal_id))],
      };
      plan.push({ kind: 'create', tempId: department.id, body, newKpis });
    }
  }
  return { ok: true, plan };
}
