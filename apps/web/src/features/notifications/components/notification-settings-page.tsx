import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TNotificationPreferences } from '@habitrack/contracts/me/get-notification-preferences';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { refusalTextOr } from '../../../lib/refusal-text.ts';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences.ts';
import { REMINDER_TIMES } from '../utils/reminder-times.ts';

const SAVE_FAILED = msg`We couldn't save your settings. Check your connection and try again.`;

// /settings/notifications: the daily reminder (on or off, and its local time) and the weekly
// summary (docs/domain/notifications.md#e-mail-settings). Everything is off until the member turns
// it on. `settings` are the member's other settings, shown first (the route composes them).
export function NotificationSettingsPage({ settings }: { settings?: ReactNode } = {}) {
  const preferences = useNotificationPreferences();
  const { t } = useLingui();
  let body;
  if (preferences.data) body = <SettingsForm saved={preferences.data} />;
  else if (preferences.isError) {
    body = (
      <ErrorState
        title={t`We couldn't load your settings`}
        message={t`Check your connection and try again.`}
        onRetry={() => void preferences.refetch()}
      />
    );
  } else body = <LoadingState label={t`Loading your settings...`} />;

  return (
    <Stack gap="lg" maw={640}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1}>
          <Trans>Notifications</Trans>
        </Title>
        <Button component={Link} to="/programme/dashboard" variant="default">
          <Trans>Back to Dashboard</Trans>
        </Button>
      </Group>
      {settings}
      {body}
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: TNotificationPreferences }) {
  const update = useUpdateNotificationPreferences();
  const { t, i18n } = useLingui();
  const timeZone = saved.time_zone;
  const [daily, setDaily] = useState(saved.daily_reminder.enabled);
  const [time, setTime] = useState(saved.daily_reminder.time);
  const [weekly, setWeekly] = useState(saved.weekly_summary.enabled);
  const [changedSinceSave, setChangedSinceSave] = useState(false);
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setChangedSinceSave(true);
    };
  const failure = refusalTextOr(i18n, update.error, i18n._(SAVE_FAILED));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChangedSinceSave(false);
    update.mutate({ daily_reminder: { enabled: daily, time }, weekly_summary: { enabled: weekly } });
  };

  return (
    <form onSubmit={submit} aria-label={t`E-mail notifications`}>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="lg">
          <Stack gap="sm">
            <Switch
              label={t`Daily reminder`}
              description={t`An e-mail at the time you choose, on days when a habit still has no check-in. It links straight to each check-in.`}
              checked={daily}
              onChange={(event) => change(setDaily)(event.currentTarget.checked)}
            />
            <NativeSelect
              label={t`Reminder time`}
              description={t`In your time zone, ${timeZone}.`}
              data={REMINDER_TIMES}
              value={time}
              onChange={(event) => change(setTime)(event.currentTarget.value)}
              maw={200}
            />
          </Stack>
          <Switch
            label={t`Weekly summary`}
            description={t`Every Monday at 08:00: last week's check-ins per habit, your streaks and the endorsements you received.`}
            checked={weekly}
            onChange={(event) => change(setWeekly)(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            <Trans>Every e-mail has a link to unsubscribe, which works without signing in.</Trans>
          </Text>
          <Group>
            <Button type="submit" loading={update.isPending}>
              <Trans>Save settings</Trans>
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {update.isSuccess && !changedSinceSave && (
              <Text size="sm">
                <Trans>Your settings are saved.</Trans>
              </Text>
            )}
          </div>
          {update.isError && (
            <Alert color="red" role="alert" title={t`Not saved`}>
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>
    </form>
  );
}
