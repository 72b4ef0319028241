import { Text } from '@mantine/core';
import { ProblemActions, SignOutButton } from './problem-actions.tsx';
import { ProblemCard } from './problem-card.tsx';

type TenantNotAuthorizedScreenProps = {
  email: string | null;
  providerName: string;
  onSignOut: () => void;
};

// SPEC §2 leaves the wording open. The organisation is a customer but does not yet trust the
// directory (Azure AD tenant) this sign-in came from, which only an administrator can change, so
// the text names the directory precisely enough for IT to act on it.
export function TenantNotAuthorizedScreen({ email, providerName, onSignOut }: TenantNotAuthorizedScreenProps) {
  return (
    <ProblemCard
      heading="Your organization's sign-in isn't enabled yet"
      email={email}
      actions={
        <ProblemActions>
          <SignOutButton label="Try Different Account" onSignOut={onSignOut} />
        </ProblemActions>
      }
    >
      <Text>
        You signed in with a work account from a directory that hasn&apos;t been authorised for {providerName} yet, so
        we can&apos;t let you in with it.
      </Text>
      <Text>
        Your IT administrator or programme administrator can fix this by authorising your organization&apos;s Microsoft
        Entra ID (Azure AD) tenant for {providerName}. Please let them know the account you used.
      </Text>
      <Text>If you have a different account for {providerName}, you can try signing in with that one instead.</Text>
    </ProblemCard>
  );
}
