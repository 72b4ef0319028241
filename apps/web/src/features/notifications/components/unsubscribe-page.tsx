import type { TNotificationKind } from '@habitrack/contracts/me/get-notification-preferences';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { HttpError } from '../../../lib/http.ts';
import { useUnsubscribe, useUnsubscribeLink } from '../api/unsubscribe.ts';

const WHAT: Record<TNotificationKind, { name: string; plural: string }> = {
  daily_reminder: { name: 'daily reminders', plural: 'daily reminder e-mails' },
  weekly_summary: { name: 'the weekly summary', plural: 'weekly summary e-mails' },
};

const BROKEN =
  'This unsubscribe link does not work. Open the link from the e-mail again, or change your e-mail settings after signing in.';

const detailOf = (error: unknown) =>
  error instanceof HttpError && error.detail && error.status < 500 ? error.detail : null;

// /notifications/unsubscribe?token=...: the unsubscribe link of a reminder or summary. Works
// without signing in; it asks before turning anything off (mail scanners open links), and turns
// off only the kind of e-mail the link was sent with.
export function UnsubscribePage({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);

  if (!token) return <Problem message={BROKEN} />;
  if (link.isError)
    return <Problem message={detailOf(link.error) ?? "We couldn't check this link. Please try again."} />;
  if (!link.data) return <LoadingState label="Checking your link..." />;

  const what = WHAT[link.data.kind];
  if (unsubscribe.isSuccess || !link.data.subscribed) {
    return (
      <Stack gap="md">
        <Title order={1}>You are unsubscribed</Title>
        <Text role="status">You will no longer get {what.plural}. Nothing else has changed.</Text>
        <Text>
          Changed your mind? Turn them on again in your{' '}
          <Anchor component={Link} to="/settings/notifications">
            e-mail settings
          </Anchor>{' '}
          (you will be asked to sign in).
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Unsubscribe from {what.name}?</Title>
      <Text>You will no longer get {what.plural}. Your other settings stay as they are.</Text>
      <Button onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending}>
        Unsubscribe
      </Button>
      {unsubscribe.isError && (
        <Alert color="red" role="alert" title="Not unsubscribed">
          {detailOf(unsubscribe.error) ?? "We couldn't unsubscribe you. Check your connection and try again."}
        </Alert>
      )}
    </Stack>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Title order={1}>This link does not work</Title>
      <Alert color="red" role="alert">
        {message}
      </Alert>
      <Anchor component={Link} to="/">
        Open HabiTrack
      </Anchor>
    </Stack>
  );
}
