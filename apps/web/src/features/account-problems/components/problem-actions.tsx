import { Anchor, Button, Group, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

// The vendor's public site; the same for every deployment, so not part of runtime config.
export const MARKETING_URL = 'https://habitrack.app';

type LearnMoreLinkProps = {
  providerName: string;
  newTab?: boolean;
};

export function LearnMoreLink({ providerName, newTab = false }: LearnMoreLinkProps) {
  const hintId = useId();
  // rel keeps the marketing site from reaching back into this window or seeing where users came from.
  const link = (
    <Anchor
      href={MARKETING_URL}
      rel="noopener noreferrer"
      target={newTab ? '_blank' : undefined}
      aria-describedby={newTab ? hintId : undefined}
    >
      {`Learn More About ${providerName}`}
    </Anchor>
  );
  if (!newTab) return link;
  // A description rather than part of the name, so the link keeps its plain label and still warns
  // screen-reader users that focus will jump to another tab.
  return (
    <>
      {link}
      <VisuallyHidden id={hintId}>Opens in a new tab</VisuallyHidden>
    </>
  );
}

type SignOutButtonProps = {
  label: string;
  onSignOut: () => void;
};

// Signs out of the identity provider too, which returns to the start page: the Login screen then
// lets the person pick another account (a plain return to '/' would find the same session and show
// this screen again).
export function SignOutButton({ label, onSignOut }: SignOutButtonProps) {
  return <Button onClick={onSignOut}>{label}</Button>;
}

export function ProblemActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="md" mt="sm">
      {children}
    </Group>
  );
}
