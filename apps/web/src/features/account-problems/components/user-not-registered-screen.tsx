import { t } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import type { TProblemScreen } from './problem-card.tsx';

// User not registered (docs/domain/screens.md#user-not-registered). The organisation does use the
// product, so the person only needs adding: say it is not their fault and name who can add them
// (accounts are provisioned by the organisation, never self-registered:
// docs/domain/tenancy-and-identity.md#provisioning-never-self-registration).
export function userNotRegisteredScreen({ providerName }: { providerName: string }): TProblemScreen {
  return {
    heading: t`Your account isn't set up yet`,
    signOutLabel: t`Try Different Account`,
    body: (
      <>
        <Text>
          {t`Your organization uses ${providerName}, but this account hasn't been added to it yet. You haven't done anything wrong: accounts are set up by your organization rather than by signing up.`}
        </Text>
        <Text>
          {t`Please ask your HR department or programme administrator to add you. Once they have, sign in again with this account.`}
        </Text>
        <Text>{t`If you have another work account, you can try signing in with that one instead.`}</Text>
      </>
    ),
  };
}
