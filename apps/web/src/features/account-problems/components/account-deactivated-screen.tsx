import { t } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import type { TProblemScreen } from './problem-card.tsx';

// A deactivated account is refused from the next request on (401 reason account_deactivated); only
// an administrator can reactivate it, and nothing is lost
// (docs/domain/administration.md#deactivation).
// Another account would not help here, so the one action is to sign out.
export function accountDeactivatedScreen({ providerName }: { providerName: string }): TProblemScreen {
  return {
    heading: t`Your account has been deactivated`,
    signOutLabel: t`Sign out`,
    body: (
      <>
        <Text>{t`Your organisation has deactivated your ${providerName} account, so you can no longer use it.`}</Text>
        <Text>
          {t`Your history has been kept. If you think this is a mistake, please contact your programme administrator, who can reactivate your account.`}
        </Text>
      </>
    ),
  };
}
