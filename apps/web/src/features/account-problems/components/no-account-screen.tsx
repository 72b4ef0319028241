import { Text } from '@mantine/core';
import { LearnMoreLink, ProblemActions, SignOutButton } from './problem-actions.tsx';
import { ProblemCard } from './problem-card.tsx';

type NoAccountScreenProps = {
  email: string | null;
  providerName: string;
  onSignOut: () => void;
};

// Texts quoted from SPEC §2 "No Account Found"; the title is literally 'Welcome to the product'.
export function NoAccountScreen({ email, providerName, onSignOut }: NoAccountScreenProps) {
  return (
    <ProblemCard
      eyebrow="Welcome to the product"
      heading="No Account Found"
      email={email}
      actions={
        <ProblemActions>
          <SignOutButton label="Try Again" onSignOut={onSignOut} />
          <LearnMoreLink providerName={providerName} />
        </ProblemActions>
      }
    >
      <Text>It looks like you don&apos;t have a {providerName} account yet.</Text>
      <Text>
        {providerName} is an enterprise habit-tracking platform that helps organisations build better workplace cultures
        through positive habit formation.
      </Text>
      <Text>If you should have access, please contact your HR department or programme administrator.</Text>
    </ProblemCard>
  );
}
