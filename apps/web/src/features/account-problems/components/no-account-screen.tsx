import { Text } from '@mantine/core';
import type { TProblemScreen } from './problem-card.tsx';

// Texts quoted from docs/domain/screens.md#no-account-found; the title is literally 'Welcome to the
// product'.
export function noAccountScreen({ providerName }: { providerName: string }): TProblemScreen {
  return {
    eyebrow: 'Welcome to the product',
    heading: 'No Account Found',
    signOutLabel: 'Try Again',
    learnMore: 'this-tab',
    body: (
      <>
        <Text>It looks like you don&apos;t have a {providerName} account yet.</Text>
        <Text>
          {providerName} is an enterprise habit-tracking platform that helps organisations build better workplace
          cultures through positive habit formation.
        </Text>
        <Text>If you should have access, please contact your HR department or programme administrator.</Text>
      </>
    ),
  };
}
