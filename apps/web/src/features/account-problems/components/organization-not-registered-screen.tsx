import { List, Paper, Text, Title } from '@mantine/core';
import type { AccountProblem } from '../types.ts';
import { deriveOrganizationName } from '../utils/derive-organization-name.ts';
import type { TProblemScreen } from './problem-card.tsx';

// Nobody in the user's organisation has signed up yet, so the screen points at who could, and sells
// the product a little to whoever reads it (docs/domain/screens.md#organization-not-registered).
export function organizationNotRegisteredScreen({
  problem,
  providerName,
}: {
  problem: AccountProblem;
  providerName: string;
}): TProblemScreen {
  const organizationName = deriveOrganizationName(problem.email, problem.organization);
  return {
    heading: `${organizationName} is not yet registered`,
    signOutLabel: 'Try Different Account',
    learnMore: 'new-tab',
    body: (
      <>
        <Text>
          {organizationName} has not signed up for {providerName}&apos;s workplace habit and culture programmes yet.
        </Text>
        <Title order={2} size="h4">
          What you can do
        </Title>
        <List spacing="xs">
          <List.Item>
            Contact your HR or Learning &amp; Development team and ask about bringing {providerName} to your
            organization.
          </List.Item>
          <List.Item>
            If you were invited to a specific programme, contact the programme manager who invited you.
          </List.Item>
          <List.Item>Check that you signed in with your corporate email address and that it is correct.</List.Item>
        </List>
        <Paper withBorder radius="md" p="md" bg="var(--mantine-primary-color-light)">
          <Title order={2} size="h4">
            Science-based habit formation for teams and organizations
          </Title>
          <Text mt="xs">
            {providerName} turns leadership and culture goals into a few small daily habits, built with daily check-ins
            and progress shared across a cohort, the way behavioural science shows lasting habits form.
          </Text>
        </Paper>
      </>
    ),
  };
}
