import { Trans } from '@lingui/react/macro';
import { Alert, Stack, Text, Title } from '@mantine/core';

// A team leader's KPIs hang off the organisation's goals, so until the leader has set them there is
// nothing to define (docs/domain/dashboard-and-flow.md#waiting-for-organisational-goals). The
// e-mail promised here is sent when the leader first saves goals
// (docs/domain/leaders-goals-kpis.md#the-goals-ready-e-mail). Shared: the root route and the
// dashboard both show it.
export function WaitingForGoals() {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>
        <Trans>Waiting for Organizational Goals</Trans>
      </Title>
      <Alert color="blue" variant="light">
        <Stack gap="xs">
          <Text>
            <Trans>Your organisation's leader is setting the organizational goals for this programme.</Trans>
          </Text>
          <Text>
            <Trans>Once the goals are set, you can define the KPIs for your departments.</Trans>
          </Text>
          <Text>
            <Trans>We will send you an email notification when the goals are ready.</Trans>
          </Text>
        </Stack>
      </Alert>
    </Stack>
  );
}
