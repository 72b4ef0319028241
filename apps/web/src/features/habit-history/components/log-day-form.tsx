import { Trans, useLingui } from '@lingui/react/macro';
import type { THistoryDay } from '@habitrack/contracts/habits/get-habit-history';
import { HABIT_LOG_NOTE_MAX } from '@habitrack/contracts/habits/log-habit';
import type { TPositiveChange } from '@habitrack/contracts/programmes/list-behaviours';
import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PractisedQuestion, type TPractisedAnswer } from '../../../components/ui/practised-question.tsx';
import { refusalTextOr } from '../../../lib/refusal-text.ts';
import { useLogDay } from '../api/log-day.ts';
import { fullDate } from '../utils/day-names.ts';

type LogDayFormProps = {
  userHabitId: string;
  day: THistoryDay;
  today: string;
  changes: readonly TPositiveChange[];
};

const NO_CHANGE = '';

// Logs or changes one day of the frame: today or one of the two days before it
// (docs/domain/check-ins.md#forgotten-days). Starts from what the day already holds.
export function LogDayForm({ userHabitId, day, today, changes }: LogDayFormProps) {
  const initial: TPractisedAnswer | null = day.state === 'completed' || day.state === 'skipped' ? day.state : null;
  const [answer, setAnswer] = useState<TPractisedAnswer | null>(initial);
  const [changeId, setChangeId] = useState(day.positive_change?.id ?? NO_CHANGE);
  const [note, setNote] = useState(day.note ?? '');
  const save = useLogDay(userHabitId);
  const { t, i18n } = useLingui();
  const askedDay = fullDate(i18n, day.date);
  const when = day.date === today ? t`today` : t`on ${askedDay}`;

  function submit() {
    if (!answer) return;
    const trimmed = note.trim();
    save.mutate({
      log_type: answer,
      log_date: day.date,
      ...(trimmed ? { note: trimmed } : {}),
      ...(answer === 'completed' && changeId ? { positive_change_id: changeId } : {}),
    });
  }

  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <PractisedQuestion when={when} answer={answer} onAnswer={setAnswer} />
      {answer === 'completed' && changes.length > 0 && (
        <NativeSelect
          label={t`Positive change (optional)`}
          value={changeId}
          onChange={(event) => setChangeId(event.currentTarget.value)}
          data={[{ value: NO_CHANGE, label: t`None` }, ...changes.map((c) => ({ value: c.id, label: c.name }))]}
        />
      )}
      <Textarea
        label={t`Notes (optional)`}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        rows={2}
        maxLength={HABIT_LOG_NOTE_MAX}
      />
      <Group>
        <Button type="submit" disabled={!answer} loading={save.isPending}>
          <Trans>Save this day</Trans>
        </Button>
      </Group>
      <div role="status">
        {save.isSuccess && !save.isPending && (
          <Text size="sm" c="teal.9">
            <Trans>Saved. Your streak and progress are up to date.</Trans>
          </Text>
        )}
      </div>
      {save.isError && (
        <Alert color="red" title={t`This day could not be saved`} role="alert">
          {refusalTextOr(i18n, save.error, t`Check your connection and try again.`)}
        </Alert>
      )}
    </Stack>
  );
}
