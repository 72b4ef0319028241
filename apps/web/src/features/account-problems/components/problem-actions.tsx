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

type StartOverButtonProps = {
  label: string;
};

export function StartOverButton({ label }: StartOverButtonProps) {
  // A full page load, not a router navigation: it drops the cached sign-in and query state that
  // led here, so the start page decides afresh which account and provider to use.
  return <Button onClick={() => window.location.assign('/')}>{label}</Button>;
}

export function ProblemActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="md" mt="sm">
      {children}
    </Group>
  );
}
