import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SetupSaveError } from '../../../lib/use-setup-save.ts';
import { createDepartmentKpi } from '../api/create-department-kpi.ts';
import { createDepartment } from '../api/create-department.ts';
import { updateDepartmentKpi } from '../api/update-department-kpi.ts';
import type { TDraftId } from '../../../lib/draft-id.ts';
import type { TDepartmentSaveStep } from '../utils/kpi-save-plan.ts';

const saveFailed = msg`Error saving team KPIs. Please try again.`;
// The alert, in the language shown when it is raised.
export const saveFailedText = () => i18n._(saveFailed);

// Its detail: the server's sentence, a 409 once the programme has started, or for a team that
// already has a department.
export class KpiSaveError extends SetupSaveError {
  constructor(cause: unknown) {
    super(saveFailedText(), { cause });
    this.name = 'KpiSaveError';
  }
}

export type TKpiSaveRun = {
  plan: TDepartmentSaveStep[];
  // Called as each record is created, so a save that fails half-way is not repeated on retry.
  onDepartmentCreated: (tempId: TDraftId, departmentId: string) => void;
  onKpiCreated: (tempId: TDraftId, kpiId: string) => void;
};

// One call at a time: a new department's KPIs need the id its POST answers with, and sequential
// calls make a failure point at one place.
export async function runKpiSave({ plan, onDepartmentCreated, onKpiCreated }: TKpiSaveRun): Promise<void> {
  try {
    for (const step of plan) {
      let departmentId: string;
      if (step.kind === 'create') {
        departmentId = (await createDepartment(step.body)).id;
        onDepartmentCreated(step.tempId, departmentId);
      } else {
        departmentId = step.departmentId;
        for (const { id, fields } of step.updates) {
          await updateDepartmentKpi(id, { department_id: departmentId, ...fields });
        }
      }
      for (const { tempId, fields } of step.newKpis) {
        onKpiCreated(tempId, (await createDepartmentKpi({ department_id: departmentId, ...fields })).id);
      }
    }
  } catch (error) {
    throw new KpiSaveError(error);
  }
}

export function useSaveKpis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runKpiSave,
    // Marked stale only: this page is about to leave, and the next reader refetches.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['organizational'], refetchType: 'none' }),
  });
}
