import type { AccountProblem, AccountProblemReason } from '../types.ts';
import { accountDeactivatedScreen } from './account-deactivated-screen.tsx';
import { noAccountScreen } from './no-account-screen.tsx';
import { organizationNotRegisteredScreen } from './organization-not-registered-screen.tsx';
import { ProblemCard, type TProblemScreen } from './problem-card.tsx';
import { tenantNotAuthorizedScreen } from './tenant-not-authorized-screen.tsx';
import { userNotRegisteredScreen } from './user-not-registered-screen.tsx';

export type AccountProblemScreenProps = {
  problem: AccountProblem;
  // Shown in the texts and the marketing link, e.g. 'HabiTrack'.
  providerName: string;
  // Signs the person out of the identity provider (the sign-in layer belongs to another feature).
  onSignOut: () => void;
};

// What each 401 `reason` the API sends says (docs/domain/tenancy-and-identity.md#account-problems).
const SCREENS: Record<
  AccountProblemReason,
  (options: { problem: AccountProblem; providerName: string }) => TProblemScreen
> = {
  no_account: noAccountScreen,
  user_not_registered: userNotRegisteredScreen,
  tenant_not_authorized: tenantNotAuthorizedScreen,
  organization_not_registered: organizationNotRegisteredScreen,
  account_deactivated: accountDeactivatedScreen,
};

// The screen for the problem. Render it instead of the app layout: it brings its own `main`
// landmark and h1.
export function AccountProblemScreen({ problem, providerName, onSignOut }: AccountProblemScreenProps) {
  return (
    <ProblemCard
      screen={SCREENS[problem.reason]({ problem, providerName })}
      email={problem.email}
      providerName={providerName}
      onSignOut={onSignOut}
    />
  );
}
