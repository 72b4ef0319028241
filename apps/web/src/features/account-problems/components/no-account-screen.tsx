import { t } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import type { TProblemScreen } from './problem-card.tsx';

// Texts quoted from docs/domain/screens.md#no-account-found; the title is literally 'Welcome to the
// product'.
export function noAccountScreen({ providerName }: { providerName: string }): TProblemScreen {
  return {
    eyebrow: t`Welcome to the product`,
    heading: t`No Account Found`,
    signOutLabel: t`Try Again`,
    learnMore: 'this-tab',
    body: (
      <>
        <Text>{t`It looks like you don't have a ${providerName} account yet.`}</Text>
        <Text>
          {t`${providerName} is an enterprise habit-tracking platform that helps organisations build better workplace cultures through positive habit formation.`}
        </Text>
        <Text>{t`If you should have access, please contact your HR department or programme administrator.`}</Text>
      </>
    ),
  };
}
