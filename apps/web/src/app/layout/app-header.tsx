import { Button, Group, Stack, Text } from '@mantine/core';
import { useHybridAuth } from '../../features/auth/hooks/use-hybrid-auth.ts';

// Until the current programme is loaded from the API (a later issue), SPEC §9's default name.
const DEFAULT_PROGRAMME_NAME = 'Leadership Excellence Programme';

type AppHeaderProps = {
  productName: string;
  programmeName?: string;
};

// SPEC §2 "Common header". Debug and Reset (developer tools) come with their own issue.
export function AppHeader({ productName, programmeName = DEFAULT_PROGRAMME_NAME }: AppHeaderProps) {
  const auth = useHybridAuth();
  const displayName = auth.user?.name || auth.user?.email || '';
  return (
    <Group
      component="header"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      px="lg"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={0}>
        <Text fw={700} size="lg">
          {productName}
        </Text>
        <Text size="sm" c="dimmed">
          {programmeName}
        </Text>
      </Stack>
      <Group gap="sm">
        <Text size="sm">Welcome, {displayName}</Text>
        <Button variant="default" size="xs" onClick={() => void auth.logout()}>
          Logout
        </Button>
      </Group>
    </Group>
  );
}
