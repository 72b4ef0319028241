import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

// The frame the dashboard's widgets share: a region named by its title.
export function Widget({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
