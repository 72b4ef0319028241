import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useHybridAuth } from '../../features/auth/hooks/use-hybrid-auth.ts';
import { DevTools } from '../../features/dev-tools/components/dev-tools.tsx';
import { getUserFlowStatus } from '../../lib/queries/user-flow-status.ts';
import { currentProgrammeQueryOptions } from '../../lib/queries/current-programme.ts';
import { useAppConfig } from '../auth-root.tsx';

// SPEC §9: shown while the programme loads, and when the member has none (404) or it fails to load.
const DEFAULT_PROGRAMME_NAME = 'Leadership Excellence Programme';

type AppHeaderProps = {
  productName: string;
};

// SPEC §2 "Common header". The programme comes from the intro feature's query (same key as the
// intro and habit selection), so they share one cached answer. It is asked for once the account
// check has passed: before that the API may not know the person, and the page below asks at the
// same moment, so the two share one request instead of racing.
export function AppHeader({ productName }: AppHeaderProps) {
  const auth = useHybridAuth();
  const { devTools } = useAppConfig();
  const me = useMe();
  const programme = useQuery({ ...currentProgrammeQueryOptions, enabled: me.isSuccess });
  // Until the SDK has confirmed the session (a page shown from kept data), the API's name for them.
  const displayName = auth.user?.name || auth.user?.email || me.data?.full_name || me.data?.email || '';
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
          {programme.data?.name ?? DEFAULT_PROGRAMME_NAME}
        </Text>
      </Stack>
      <Group gap="sm" wrap="wrap">
        <Text size="sm">Welcome, {displayName}</Text>
        {devTools && <DevTools loadFlowStatus={getUserFlowStatus} />}
        <Button variant="default" size="xs" onClick={() => void auth.logout()}>
          Logout
        </Button>
      </Group>
    </Group>
  );
}
