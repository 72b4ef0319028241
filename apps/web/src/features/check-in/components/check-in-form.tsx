import { HABIT_LOG_NOTE_MAX } from '@habitrack/contracts/habits/log-habit';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PractisedQuestion } from '../../../components/ui/practised-question.tsx';
import { useSaveCheckIn } from '../api/log-habit.ts';
import type { TCheckInHabit } from '../utils/default-habit.ts';
import type { TCheckInEntry, TEarlierCheckIn } from '../utils/initial-entry.ts';
import { PositiveChangeStep } from './positive-change-step.tsx';

const DASHBOARD_PATH = '/programme/dashboard';
// The check-in's texts, word for word (docs/domain/check-ins.md#the-check-in-screen).
const ALREADY_LOGGED = msg`You've already logged today. You can update your entry below.`;
const KEPT_ON_DEVICE = msg`Today's check-in is saved on this device and will sync when HabiTrack can reach the server. You can update it below.`;

type CheckInFormProps = {
  habitId: string;
  // The member's local date the check-in is for (the server's "today" when it answered).
  date: string;
  habit: TCheckInHabit;
  // The member's user habit, when the habit was loaded: a refusal later links to its days.
  userHabitId?: string;
  initial: TCheckInEntry;
  earlier: TEarlierCheckIn;
};

export function CheckInForm({ habitId, date, habit, userHabitId, initial, earlier }: CheckInFormProps) {
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const [answer, setAnswer] = useState(initial.answer);
  const [changeId, setChangeId] = useState(initial.positiveChangeId);
  const [notes, setNotes] = useState(initial.notes);
  const save = useSaveCheckIn();
  const completed = answer === 'completed';
  const habitName = habit.name;
  const noteLength = notes.length;
  const max = HABIT_LOG_NOTE_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer) return;
    const log = {
      habitId,
      date,
      completed,
      notes,
      positiveChangeId: completed ? changeId : null,
      habitName: habit.name,
      ...(userHabitId ? { userHabitId } : {}),
    };
    // Saved or kept on the device, the member carries on
    // (docs/domain/check-ins.md#check-ins-kept-on-the-device); the dashboard says which.
    save.mutate(log, { onSuccess: () => void navigate(`${DASHBOARD_PATH}?refresh=1`) });
  };

  return (
    <form onSubmit={onSubmit} aria-label={t`Check-in for ${habitName}`}>
      <Stack gap="lg">
        {earlier && (
          <Alert color="blue" variant="light" role="status">
            {i18n._(earlier === 'server' ? ALREADY_LOGGED : KEPT_ON_DEVICE)}
          </Alert>
        )}
        <PractisedQuestion when={t`today`} answer={answer} onAnswer={setAnswer} />
        {/* The second step only exists for a completed habit that has changes to pick from. */}
        {completed && habit.positive_changes.length > 0 && (
          <PositiveChangeStep changes={habit.positive_changes} selectedId={changeId} onSelect={setChangeId} />
        )}
        <Textarea
          label={t`Notes (optional)`}
          description={t`${noteLength}/${max} characters`}
          maxLength={HABIT_LOG_NOTE_MAX}
          // Fixed rows rather than autosize: autosize measures fonts the page may still be loading.
          rows={4}
          resize="vertical"
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Button variant="subtle" disabled={save.isPending} onClick={() => void navigate(DASHBOARD_PATH)}>
            <Trans>Skip for Now</Trans>
          </Button>
          <Button type="submit" disabled={!answer} loading={save.isPending}>
            <Trans>Save Check-in</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
