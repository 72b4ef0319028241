import { t } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import type { TProblemScreen } from './problem-card.tsx';

// Tenant not authorized (docs/domain/screens.md#tenant-not-authorized). The organisation is a
// customer but does not yet trust the directory (Azure AD tenant) this sign-in came from, which
// only an administrator can change, so the text names the directory precisely enough for IT to act
// on it.
export function tenantNotAuthorizedScreen({ providerName }: { providerName: string }): TProblemScreen {
  return {
    heading: t`Your organization's sign-in isn't enabled yet`,
    signOutLabel: t`Try Different Account`,
    body: (
      <>
        <Text>
          {t`You signed in with a work account from a directory that hasn't been authorised for ${providerName} yet, so we can't let you in with it.`}
        </Text>
        <Text>
          {t`Your IT administrator or programme administrator can fix this by authorising your organization's Microsoft Entra ID (Azure AD) tenant for ${providerName}. Please let them know the account you used.`}
        </Text>
        <Text>
          {t`If you have a different account for ${providerName}, you can try signing in with that one instead.`}
        </Text>
      </>
    ),
  };
}
