import type { ReactElement } from 'react';
import type { AccountProblem } from '../types.ts';
import { NoAccountScreen } from './no-account-screen.tsx';
import { OrganizationNotRegisteredScreen } from './organization-not-registered-screen.tsx';
import { TenantNotAuthorizedScreen } from './tenant-not-authorized-screen.tsx';
import { UserNotRegisteredScreen } from './user-not-registered-screen.tsx';

export type AccountProblemScreenProps = {
  problem: AccountProblem;
  // Shown in the texts and the marketing link, e.g. 'HabiTrack'.
  providerName: string;
  // Signs the person out of the identity provider (the sign-in layer belongs to another feature).
  onSignOut: () => void;
};

// Picks the screen for the 401 `reason` the API sends (DOMAIN "Tenancy and identity"). Render it
// instead of the app layout: it brings its own `main` landmark and h1.
export function AccountProblemScreen({ problem, providerName, onSignOut }: AccountProblemScreenProps): ReactElement {
  switch (problem.reason) {
    case 'no_account':
      return <NoAccountScreen email={problem.email} providerName={providerName} onSignOut={onSignOut} />;
    case 'user_not_registered':
      return <UserNotRegisteredScreen email={problem.email} providerName={providerName} onSignOut={onSignOut} />;
    case 'tenant_not_authorized':
      return <TenantNotAuthorizedScreen email={problem.email} providerName={providerName} onSignOut={onSignOut} />;
    case 'organization_not_registered':
      return (
        <OrganizationNotRegisteredScreen
          userEmail={problem.email}
          organization={problem.organization}
          providerName={providerName}
          onSignOut={onSignOut}
        />
      );
  }
}
