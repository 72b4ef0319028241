import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { useRef, useState } from 'react';
import { SetupForm } from '../../../components/ui/setup-form.tsx';
import { nextTempId, type TDraftId } from '../../../lib/draft-id.ts';
import { useSetupSave } from '../../../lib/use-setup-save.ts';
import { saveFailedText, useSaveGoals } from '../hooks/use-save-goals.ts';
import {
  addGoal,
  changeGoal,
  markGoalCreated,
  markGoalDeleted,
  removeGoal,
  toGoalDrafts,
} from '../utils/goal-drafts.ts';
import { planGoalSave } from '../utils/goal-save-plan.ts';
import { GoalFieldset } from './goal-fieldset.tsx';

type GoalsFormProps = {
  programme: TProgramme;
  goals: TOrganizationalGoal[];
  // The page heading's id: it names the form.
  labelledBy: string;
};

export function GoalsForm({ programme, goals, labelledBy }: GoalsFormProps) {
  const save = useSaveGoals();
  const { t } = useLingui();
  const programmeName = programme.name;
  const [drafts, setDrafts] = useState(() => toGoalDrafts(goals, nextTempId));
  const [focusId, setFocusId] = useState<TDraftId | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The dashboard it goes on to reloads the flow status, which now says the goals exist.
  const form = useSetupSave({
    startsAt: programme.starts_at,
    saving: save.isPending,
    plan: () => planGoalSave(drafts),
    save: (plan) =>
      save.mutateAsync({
        programmeId: programme.id,
        plan,
        onDeleted: (goalId) => setDrafts((current) => markGoalDeleted(current, goalId)),
        onCreated: (tempId, goalId) => setDrafts((current) => markGoalCreated(current, tempId, goalId)),
      }),
    saveFailed: saveFailedText(),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the console
    what: 'the organizational goals',
  });

  const add = () => {
    const id = nextTempId();
    setDrafts((current) => addGoal(current, id));
    setFocusId(id);
  };

  const remove = (id: TDraftId) => {
    const result = removeGoal(drafts, id);
    if (!result.ok) {
      window.alert(result.message);
      return;
    }
    setDrafts(result.drafts);
    // The button that had focus is gone with its row; keep keyboard users in the form.
    addButton.current?.focus();
  };

  return (
    <SetupForm
      labelledBy={labelledBy}
      onSubmit={form.submit}
      intro={t`Set the goals your organisation works towards in ${programmeName}. Team leaders then define their departments' KPIs for each goal.`}
      notice={{
        startsAt: programme.starts_at,
        started: form.started,
        readOnlyTitle: t`Goals are read-only`,
        afterStart: (date) =>
          t`The programme started on ${date}. Its organizational goals can no longer be changed, so saving is turned off.`,
        beforeStart: t`You can change these goals until the programme starts. From its start date on they are read-only, for you and for the team leaders defining KPIs against them.`,
      }}
      failure={{ title: t`The goals were not saved`, detail: form.serverDetail }}
      submit={{
        label: t`Save goals`,
        savingLabel: t`Saving goals...`,
        saving: save.isPending,
        disabled: form.locked,
      }}
    >
      {drafts.goals.map((goal, index) => (
        <GoalFieldset
          key={goal.id}
          position={index + 1}
          goal={goal}
          disabled={form.locked}
          autoFocus={goal.id === focusId}
          onChange={(patch) => setDrafts((current) => changeGoal(current, goal.id, patch))}
          onRemove={() => remove(goal.id)}
        />
      ))}
      <Group>
        <Button ref={addButton} variant="default" onClick={add} disabled={form.locked}>
          <Trans>Add goal</Trans>
        </Button>
      </Group>
    </SetupForm>
  );
}
