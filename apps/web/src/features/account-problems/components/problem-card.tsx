import { t } from '@lingui/core/macro';
import { Button, Card, Center, Container, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { LearnMoreLink } from './learn-more-link.tsx';

// What one account-problem screen says; the rest is the same for all of them (ProblemCard).
export type TProblemScreen = {
  heading: string;
  // Small text above the heading: No Account Found has a title besides its heading
  // (docs/domain/screens.md#no-account-found).
  eyebrow?: string;
  body: ReactNode;
  // The button that signs out ("Try Again", "Try Different Account" or "Sign out", translated).
  signOutLabel: string;
  // A link to the vendor's site, in this tab or a new one.
  learnMore?: 'this-tab' | 'new-tab';
};

// "Signed in as" and the account in bold, in the sentence order of the active locale.
function SignedInAs({ email: account }: { email: string }) {
  // The translated sentence with a mark where the account goes, so the account can be set in bold.
  const email = MARK;
  const [before = '', after = ''] = t`Signed in as ${email}`.split(MARK);
  return (
    <>
      {before}
      <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
        {account}
      </Text>
      {after}
    </>
  );
}
// Stands for the account inside the translated sentence (an invisible separator, never typed).
const MARK = '\u2063';

type ProblemCardProps = {
  screen: TProblemScreen;
  email: string | null;
  providerName: string;
  onSignOut: () => void;
};

// The frame every account-problem screen shares. It replaces the page content, so it brings its
// own `main` landmark and the page's only h1.
export function ProblemCard({ screen, email, providerName, onSignOut }: ProblemCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The screen appears instead of what the user expected; focusing the heading makes screen
  // readers announce the problem at once rather than leaving focus on a vanished element.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    // Under the app's header: as tall as its card, so a screen that fits has no scrollbar.
    <Center component="main" px="md" py="xl">
      <Container size={560} w="100%" px={0}>
        <Card withBorder shadow="sm" radius="md" padding="xl">
          <Stack gap="md">
            <Stack gap={4}>
              {screen.eyebrow ? (
                <Text size="sm" fw={600} c="dimmed">
                  {screen.eyebrow}
                </Text>
              ) : null}
              <Title order={1} ref={headingRef} tabIndex={-1}>
                {screen.heading}
              </Title>
            </Stack>
            {email ? (
              <Text>
                <SignedInAs email={email} />
              </Text>
            ) : null}
            {screen.body}
            <Group gap="md" mt="sm">
              {/* Signs out of the identity provider too, which returns to the start page: the Login
                  screen then lets the person pick another account (a plain return to '/' would find
                  the same session and show this screen again). */}
              <Button onClick={onSignOut}>{screen.signOutLabel}</Button>
              {screen.learnMore && (
                <LearnMoreLink providerName={providerName} newTab={screen.learnMore === 'new-tab'} />
              )}
            </Group>
          </Stack>
        </Card>
      </Container>
    </Center>
  );
}
