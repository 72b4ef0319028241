import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { toDayKey } from '../../../lib/dates.ts';
import { getHabitLog } from '../utils/local-habit-logs.ts';
import { useTodayLog } from '../api/get-today-log.ts';
import { defaultHabit } from '../utils/default-habit.ts';
import { initialEntry } from '../utils/initial-entry.ts';
import { CheckInForm } from './check-in-form.tsx';

// The Daily Check-in screen (docs/domain/screens.md#daily-check-in) for one active habit. The form
// mounts once the habit and today's log are known, so an earlier answer is there from the first
// frame.
export function CheckInPage({ habitId }: { habitId: string }) {
  const today = useTodayLog(habitId);
  const { t, i18n } = useLingui();

  useEffect(() => {
    if (today.isError)
      console.warn('Could not load the habit for the check-in; showing the default habit', today.error);
  }, [today.isError, today.error]);

  // The form starts from today's log, so it waits for one fetched now, never a cached copy: the
  // member may have checked in since (a moment ago here, or on another device). The habit itself
  // may show meanwhile, from the copy this browser kept (lib/persisted-queries.ts).
  if (!today.isFetchedAfterMount) {
    const kept = today.data?.habit;
    return (
      <Stack gap="lg" maw={640}>
        <Title order={1}>
          <Trans>Daily Check-in</Trans>
        </Title>
        {kept && <HabitHeading name={kept.name} description={kept.description} />}
        <LoadingState label={kept ? t`Loading today's check-in...` : t`Loading your habit...`} />
      </Stack>
    );
  }

  // Without the habit's data, the default habit (no positive changes) and the browser's date
  // (docs/domain/check-ins.md#when-the-habit-cannot-be-loaded).
  const loaded = today.data ?? null;
  const habit = loaded?.habit ?? defaultHabit(i18n);
  const date = loaded?.today ?? toDayKey();
  const { entry, earlier } = initialEntry({ serverLog: loaded?.log ?? null, localLog: getHabitLog(habitId, date) });

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>
        <Trans>Daily Check-in</Trans>
      </Title>
      <HabitHeading name={habit.name} description={habit.description} />
      <CheckInForm
        key={date}
        habitId={habitId}
        date={date}
        habit={habit}
        userHabitId={loaded?.user_habit_id}
        initial={entry}
        earlier={earlier}
      />
    </Stack>
  );
}

function HabitHeading({ name, description }: { name: string; description: string | null | undefined }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h3">
        {name}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
