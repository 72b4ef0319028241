import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePendingCheckInSync } from '../hooks/use-pending-check-in-sync.ts';
import { fullDate } from '../../../lib/calendar-day.ts';
import type { TLocalHabitLog } from '../utils/local-habit-logs.ts';
import { refusalDetailText } from '../../../lib/refusal-text.ts';
import { UNEXPLAINED_REFUSAL } from '../api/log-habit.ts';

// Tells the member that check-ins the server did not get are safe on this device, and sends them
// (see usePendingCheckInSync); and, for each one the server refused, which habit and day, why, and
// what they can do, until they dismiss it (docs/domain/check-ins.md#check-ins-kept-on-the-device).
// Renders nothing once there are none.
export function PendingCheckInsNotice({ onSynced }: { onSynced: () => void }) {
  const { pending, refused, acknowledge } = usePendingCheckInSync({ onSynced });
  const { t } = useLingui();
  if (pending === 0 && refused.length === 0) return null;
  return (
    <Stack gap="sm">
      {refused.map((log) => (
        <RefusedCheckIn key={`${log.habitId} ${log.date}`} log={log} onDismiss={() => acknowledge(log)} />
      ))}
      {pending > 0 && (
        <Alert color="yellow" variant="light" role="status" title={t`Saved on this device`}>
          {pending === 1 ? (
            <Trans>
              Your check-in is saved on this device and will sync when HabiTrack can reach the server again.
            </Trans>
          ) : (
            <Plural
              value={pending}
              one="# check-in is saved on this device and will sync when HabiTrack can reach the server again."
              other="# check-ins are saved on this device and will sync when HabiTrack can reach the server again."
            />
          )}
        </Alert>
      )}
    </Stack>
  );
}

function RefusedCheckIn({ log, onDismiss }: { log: TLocalHabitLog; onDismiss: () => void }) {
  const { t, i18n } = useLingui();
  const habit = log.habitName ?? t`your habit`;
  const day = fullDate(i18n, log.date);
  const note = log.notes.trim();
  const refusal = log.refusal;
  // Kept on the device as the API's English detail: shown in the locale's words (lib/refusal-text.ts).
  const detail = !refusal
    ? ''
    : refusal.detail === UNEXPLAINED_REFUSAL
      ? t`HabiTrack could not accept this check-in.`
      : refusalDetailText(i18n, refusal.status, refusal.detail);
  // The habit's days (history page) let the member log another day or cancel a pause; without the
  // user habit's id, the habit's check-in.
  const way = log.userHabitId
    ? { to: `/programme/habits/${log.userHabitId}/history`, label: t`See the days of ${habit}` }
    : { to: `/programme/habit-track/${log.habitId}`, label: t`Open the check-in of ${habit}` };
  return (
    <Alert color="red" variant="light" role="alert" title={t`A check-in was not saved`}>
      <Stack gap="xs">
        <Text size="sm">
          {log.completed ? (
            <Trans>
              Your check-in for {habit} on {day} (done) was kept on this device, and HabiTrack refused it: {detail}
            </Trans>
          ) : (
            <Trans>
              Your check-in for {habit} on {day} (not done) was kept on this device, and HabiTrack refused it: {detail}
            </Trans>
          )}
        </Text>
        {note && (
          <Text size="sm">
            <Trans>Your note: “{note}”</Trans>
          </Text>
        )}
        <Group gap="sm">
          <Button component={Link} to={way.to} size="xs" variant="light">
            {way.label}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={onDismiss}
            aria-label={t`Dismiss: check-in for ${habit} on ${day}`}
          >
            <Trans>Dismiss</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
