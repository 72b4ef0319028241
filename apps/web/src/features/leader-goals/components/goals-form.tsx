import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GoalSaveError, SAVE_FAILED, useSaveGoals } from '../hooks/use-save-goals.ts';
import { nextTempId, type TDraftId } from '../../../lib/draft-id.ts';
import {
  addGoal,
  changeGoal,
  markGoalCreated,
  markGoalDeleted,
  removeGoal,
  toGoalDrafts,
} from '../utils/goal-drafts.ts';
import { planGoalSave } from '../utils/goal-save-plan.ts';
import { hasProgrammeStarted } from '../../../lib/start-date.ts';
import { GoalFieldset } from './goal-fieldset.tsx';
import { StartDateNotice } from './start-date-notice.tsx';

// `refresh` makes the dashboard reload the flow status, which now says the goals exist.
export const DASHBOARD_AFTER_SAVE_PATH = '/programme/dashboard?refresh=1';

type GoalsFormProps = {
  programme: TProgramme;
  goals: TOrganizationalGoal[];
  // The page heading's id: it names the form.
  labelledBy: string;
};

export function GoalsForm({ programme, goals, labelledBy }: GoalsFormProps) {
  const navigate = useNavigate();
  const save = useSaveGoals();
  const [drafts, setDrafts] = useState(() => toGoalDrafts(goals, nextTempId));
  const [focusId, setFocusId] = useState<TDraftId | null>(null);
  const [serverDetail, setServerDetail] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const started = hasProgrammeStarted(programme.starts_at);
  const locked = started || save.isPending;

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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked) return;
    const result = planGoalSave(drafts);
    if (!result.ok) {
      window.alert(result.message);
      return;
    }
    setServerDetail(null);
    try {
      await save.mutateAsync({
        programmeId: programme.id,
        plan: result.plan,
        onDeleted: (goalId) => setDrafts((current) => markGoalDeleted(current, goalId)),
        onCreated: (tempId, goalId) => setDrafts((current) => markGoalCreated(current, tempId, goalId)),
      });
    } catch (error) {
      const failure = error instanceof GoalSaveError ? error : null;
      console.error('Saving the organizational goals failed', error);
      window.alert(failure?.message ?? SAVE_FAILED);
      setServerDetail(failure?.detail ?? null);
      return;
    }
    await navigate(DASHBOARD_AFTER_SAVE_PATH);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={labelledBy}>
      <Stack gap="lg">
        <Text>
          Set the goals your organisation works towards in {programme.name}. Team leaders then define their
          departments&apos; KPIs for each goal.
        </Text>
        <StartDateNotice startsAt={programme.starts_at} started={started} />
        {drafts.goals.map((goal, index) => (
          <GoalFieldset
            key={goal.id}
            position={index + 1}
            goal={goal}
            disabled={locked}
            autoFocus={goal.id === focusId}
            onChange={(patch) => setDrafts((current) => changeGoal(current, goal.id, patch))}
            onRemove={() => remove(goal.id)}
          />
        ))}
        <Group>
          <Button ref={addButton} variant="default" onClick={add} disabled={locked}>
            Add goal
          </Button>
        </Group>
        {serverDetail && (
          <Alert color="red" role="alert" title="The goals were not saved">
            {serverDetail}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={locked}>
            {save.isPending ? 'Saving goals...' : 'Save goals'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
