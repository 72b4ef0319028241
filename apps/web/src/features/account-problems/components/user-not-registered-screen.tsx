import { Text } from '@mantine/core';
import { ProblemActions, SignOutButton } from './problem-actions.tsx';
import { ProblemCard } from './problem-card.tsx';

type UserNotRegisteredScreenProps = {
  email: string | null;
  providerName: string;
  onSignOut: () => void;
};

// SPEC §2 leaves the wording open. The organisation does use the product, so the person only
// needs adding: say it is not their fault and name who can add them (accounts are provisioned by
// the organisation, never self-registered — DOMAIN "Tenancy and identity").
export function UserNotRegisteredScreen({ email, providerName, onSignOut }: UserNotRegisteredScreenProps) {
  return (
    <ProblemCard
      heading="Your account isn't set up yet"
      email={email}
      actions={
        <ProblemActions>
          <SignOutButton label="Try Different Account" onSignOut={onSignOut} />
        </ProblemActions>
      }
    >
      <Text>
        Your organization uses {providerName}, but this account hasn&apos;t been added to it yet. You haven&apos;t done
        anything wrong: accounts are set up by your organization rather than by signing up.
      </Text>
      <Text>
        Please ask your HR department or programme administrator to add you. Once they have, sign in again with this
        account.
      </Text>
      <Text>If you have another work account, you can try signing in with that one instead.</Text>
    </ProblemCard>
  );
}
