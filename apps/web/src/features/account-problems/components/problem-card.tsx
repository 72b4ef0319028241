import { Card, Center, Container, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

type ProblemCardProps = {
  heading: string;
  // Small text above the heading; the spec gives No Account Found a title besides its heading.
  eyebrow?: string;
  email?: string | null;
  children: ReactNode;
  actions: ReactNode;
};

// The frame every account-problem screen shares. It replaces the page content, so it brings its
// own `main` landmark and the page's only h1.
export function ProblemCard({ heading, eyebrow, email, children, actions }: ProblemCardProps) {
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
              {eyebrow ? (
                <Text size="sm" fw={600} c="dimmed">
                  {eyebrow}
                </Text>
              ) : null}
              <Title order={1} ref={headingRef} tabIndex={-1}>
                {heading}
              </Title>
            </Stack>
            {email ? (
              <Text>
                Signed in as{' '}
                <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {email}
                </Text>
              </Text>
            ) : null}
            {children}
            {actions}
          </Stack>
        </Card>
      </Container>
    </Center>
  );
}
