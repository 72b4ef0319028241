import { t } from '@lingui/core/macro';
import { List, Paper, Text, Title } from '@mantine/core';
import type { AccountProblem } from '../types.ts';
import { deriveOrganizationName, UNKNOWN_ORGANIZATION_NAME } from '../utils/derive-organization-name.ts';
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
  // Without a name the sentences speak of "your organization", each as a whole sentence of its own.
  const known = organizationName !== UNKNOWN_ORGANIZATION_NAME;
  return {
    heading: known ? t`${organizationName} is not yet registered` : t`Your organization is not yet registered`,
    signOutLabel: t`Try Different Account`,
    learnMore: 'new-tab',
    body: (
      <>
        <Text>
          {known
            ? t`${organizationName} has not signed up for ${providerName}'s workplace habit and culture programmes yet.`
            : t`Your organization has not signed up for ${providerName}'s workplace habit and culture programmes yet.`}
        </Text>
        <Title order={2} size="h4">
          {t`What you can do`}
        </Title>
        <List spacing="xs">
          <List.Item>
            {t`Contact your HR or Learning & Development team and ask about bringing ${providerName} to your organization.`}
          </List.Item>
          <List.Item>
            {t`If you were invited to a specific programme, contact the programme manager who invited you.`}
          </List.Item>
          <List.Item>{t`Check that you signed in with your corporate email address and that it is correct.`}</List.Item>
        </List>
        <Paper withBorder radius="md" p="md" bg="var(--mantine-primary-color-light)">
          <Title order={2} size="h4">
            {t`Science-based habit formation for teams and organizations`}
          </Title>
          <Text mt="xs">
            {t`${providerName} turns leadership and culture goals into a few small daily habits, built with daily check-ins and progress shared across a cohort, the way behavioural science shows lasting habits form.`}
          </Text>
        </Paper>
      </>
    ),
  };
}
