import {
  ZAdminBehaviourFields,
  ZAdminHabit,
  ZAdminModule,
  ZAdminPositiveChange,
  ZAdminProgrammeSummary,
  type TCreateHabitRequest,
  type TUpdateBehaviourRequest,
  type TUpdateHabitRequest,
  type TUpdateModuleRequest,
  type TUpdatePositiveChangeRequest,
  type TUpdateProgrammeRequest,
} from '@habitrack/contracts/admin/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

// Every edit of a programme's content, as one operation the content tree can ask for: the tree
// edits texts of several kinds of item the same way (a form in a modal, then the programme again).
export type TContentEdit =
  | { kind: 'programme'; id: string; changes: TUpdateProgrammeRequest }
  | { kind: 'module'; id: string; changes: TUpdateModuleRequest }
  | { kind: 'behaviour'; id: string; changes: TUpdateBehaviourRequest }
  | { kind: 'habit'; id: string; changes: TUpdateHabitRequest }
  | { kind: 'positive-change'; id: string; changes: TUpdatePositiveChangeRequest }
  | { kind: 'add-habit'; behaviourId: string; habit: TCreateHabitRequest }
  | { kind: 'retire-habit' | 'restore-habit'; id: string };

const at = (path: string, id: string) => `/api/v1/admin/${path}/${encodeURIComponent(id)}`;

export function editContent(edit: TContentEdit): Promise<unknown> {
  switch (edit.kind) {
    case 'programme':
      return sendJson('PATCH', at('programmes', edit.id), { body: edit.changes, schema: ZAdminProgrammeSummary });
    case 'module':
      return sendJson('PATCH', at('modules', edit.id), { body: edit.changes, schema: ZAdminModule });
    case 'behaviour':
      return sendJson('PATCH', at('behaviours', edit.id), { body: edit.changes, schema: ZAdminBehaviourFields });
    case 'habit':
      return sendJson('PATCH', at('habits', edit.id), { body: edit.changes, schema: ZAdminHabit });
    case 'positive-change':
      return sendJson('PATCH', at('positive-changes', edit.id), { body: edit.changes, schema: ZAdminPositiveChange });
    case 'add-habit':
      return sendJson('POST', `${at('behaviours', edit.behaviourId)}/habits`, {
        body: edit.habit,
        schema: ZAdminHabit,
      });
    case 'retire-habit':
      return sendJson('POST', `${at('habits', edit.id)}/retire`, { schema: ZAdminHabit });
    case 'restore-habit':
      return sendJson('POST', `${at('habits', edit.id)}/restore`, { schema: ZAdminHabit });
  }
}

export function useEditContent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editContent, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
