import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences.ts';

// The dashboard's offer of a daily reminder: shown until the member turns one on or dismisses the
// offer (kept on the server, so it stays dismissed on every device). Nothing shows while the
// settings load or when they cannot be read: it is an offer, not part of the dashboard.
export function ReminderOfferCard() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const titleId = useId();
  const saved = preferences.data;
  if (!saved || saved.daily_reminder.enabled || saved.reminder_offer_dismissed) return null;

  const dismiss = () =>
    update.mutate({
      daily_reminder: saved.daily_reminder,
      weekly_summary: saved.weekly_summary,
      reminder_offer_dismissed: true,
    });

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id={titleId}>
          <Trans>Get a daily reminder</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            We can e-mail you at a time you choose, on days when a habit still has no check-in, with a link straight to
            each check-in.
          </Trans>
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/settings/notifications" size="xs">
            <Trans>Set up a reminder</Trans>
          </Button>
          <Button variant="default" size="xs" onClick={dismiss} loading={update.isPending}>
            <Trans>Not now</Trans>
          </Button>
        </Group>
        {update.isError && (
          <Text size="sm" c="red.8" role="alert">
            <Trans>We couldn't hide this. Please try again.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
