import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TNotificationKind } from '@habitrack/contracts/me/get-notification-preferences';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { refusalText } from '../../../lib/refusal-text.ts';
import { useUnsubscribe, useUnsubscribeLink } from '../api/unsubscribe.ts';

// What the page says of each kind of e-mail, each sentence whole.
const WHAT: Record<
  TNotificationKind,
  { question: MessageDescriptor; asked: MessageDescriptor; done: MessageDescriptor }
> = {
  daily_reminder: {
    question: msg`Unsubscribe from daily reminders?`,
    asked: msg`You will no longer get daily reminder e-mails. Your other settings stay as they are.`,
    done: msg`You will no longer get daily reminder e-mails. Nothing else has changed.`,
  },
  weekly_summary: {
    question: msg`Unsubscribe from the weekly summary?`,
    asked: msg`You will no longer get weekly summary e-mails. Your other settings stay as they are.`,
    done: msg`You will no longer get weekly summary e-mails. Nothing else has changed.`,
  },
};

const BROKEN = msg`This unsubscribe link does not work. Open the link from the e-mail again, or change your e-mail settings after signing in.`;

// /notifications/unsubscribe?token=...: the unsubscribe link of a reminder or summary. Works
// without signing in; it asks before turning anything off (mail scanners open links), and turns
// off only the kind of e-mail the link was sent with.
export function UnsubscribePage({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  const { t, i18n } = useLingui();

  if (!token) return <Problem message={i18n._(BROKEN)} />;
  if (link.isError)
    return <Problem message={refusalText(i18n, link.error) ?? t`We couldn't check this link. Please try again.`} />;
  if (!link.data) return <LoadingState label={t`Checking your link...`} />;

  const what = WHAT[link.data.kind];
  if (unsubscribe.isSuccess || !link.data.subscribed) {
    return (
      <Stack gap="md">
        <Title order={1}>
          <Trans>You are unsubscribed</Trans>
        </Title>
        <Text role="status">{i18n._(what.done)}</Text>
        <Text>
          <Trans>
            Changed your mind? Turn them on again in your{' '}
            <Anchor component={Link} to="/settings/notifications">
              e-mail settings
            </Anchor>{' '}
            (you will be asked to sign in).
          </Trans>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{i18n._(what.question)}</Title>
      <Text>{i18n._(what.asked)}</Text>
      <Button onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending}>
        <Trans>Unsubscribe</Trans>
      </Button>
      {unsubscribe.isError && (
        <Alert color="red" role="alert" title={t`Not unsubscribed`}>
          {refusalText(i18n, unsubscribe.error) ?? t`We couldn't unsubscribe you. Check your connection and try again.`}
        </Alert>
      )}
    </Stack>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Title order={1}>
        <Trans>This link does not work</Trans>
      </Title>
      <Alert color="red" role="alert">
        {message}
      </Alert>
      <Anchor component={Link} to="/">
        <Trans>Open HabiTrack</Trans>
      </Anchor>
    </Stack>
  );
}
