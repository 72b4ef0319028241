import { Text } from '@mantine/core';
import type { TProblemScreen } from './problem-card.tsx';

// DOMAIN "Wave 2: administration": a deactivated account is refused from the next request on
// (401 reason account_deactivated); only an administrator can reactivate it, and nothing is lost.
export function accountDeactivatedScreen({ providerName }: { providerName: string }): TProblemScreen {
  return {
    heading: 'Your account has been deactivated',
    signOutLabel: 'Try Different Account',
    body: (
      <>
        <Text>Your organisation has deactivated your {providerName} account, so you can no longer use it.</Text>
        <Text>
          Your history has been kept. If you think this is a mistake, please ask your programme administrator to
          reactivate your account.
        </Text>
      </>
    ),
  };
}
