import { t } from '@lingui/core/macro';
import { Anchor, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

// The vendor's public site; the same for every deployment, so not part of runtime config.
const MARKETING_URL = 'https://habitrack.app';

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
      {t`Learn More About ${providerName}`}
    </Anchor>
  );
  if (!newTab) return link;
  // A description rather than part of the name, so the link keeps its plain label and still warns
  // screen-reader users that focus will jump to another tab.
  return (
    <>
      {link}
      <VisuallyHidden id={hintId}>{t`Opens in a new tab`}</VisuallyHidden>
    </>
  );
}
