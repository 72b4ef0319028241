import { useLingui } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';

type AuthLoadingProps = {
  message?: string;
  // Under the app header the page already has a frame: fill the content area, not the window.
  inline?: boolean;
};

// While the provider type is being resolved, a full-height centred message
// (docs/domain/screens.md#login-screen).
export function AuthLoading({ message, inline = false }: AuthLoadingProps) {
  const { t } = useLingui();
  return (
    <Center mih={inline ? '50vh' : '100vh'} role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{message ?? t`Loading authentication...`}</Text>
      </Stack>
    </Center>
  );
}
