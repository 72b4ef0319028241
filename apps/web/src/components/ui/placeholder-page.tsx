import { Stack, Text, Title } from '@mantine/core';

type PlaceholderPageProps = {
  title: string;
  description: string;
};

// Stands in for a screen until its feature lands, so every route (docs/domain/screens.md#routes)
// resolves from day one.
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{description}</Text>
    </Stack>
  );
}
