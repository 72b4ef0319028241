import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { LanguageSelect } from '../../../components/ui/language-select.tsx';
import { useHybridAuth } from '../hooks/use-hybrid-auth.ts';
import type { TIdpType } from '../types.ts';

type LoginScreenProps = {
  productName: string;
};

// The Login screen (docs/domain/screens.md#login-screen). A button for the provider already chosen
// signs in directly; the other one switches provider (stored, page reloaded, then signs in
// automatically). The language menu switches the page's language at once, before anyone signs in.
export function LoginScreen({ productName }: LoginScreenProps) {
  const auth = useHybridAuth();
  const location = useLocation();
  const { t } = useLingui();

  const signInWith = (type: TIdpType) => {
    if (type === auth.idpType) void auth.login(`${location.pathname}${location.search}${location.hash}`);
    else auth.switchProvider(type);
  };

  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={440}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1}>
              <Trans>Welcome to {productName}</Trans>
            </Title>
            <Text c="dimmed">
              <Trans>Sign in to build lasting leadership habits with your cohort.</Trans>
            </Text>
          </Stack>
          {auth.error && (
            <Alert color="red" title={t`Sign-in did not complete`}>
              {/* The sign-in service's own words, as on the callback screen. */}
              <span translate="no">{auth.error.message}</span>
            </Alert>
          )}
          <Button size="md" onClick={() => signInWith('azure_ad')} disabled={!auth.available.azure_ad}>
            <Trans>Login with Corporate Account</Trans>
          </Button>
          <Button
            size="md"
            variant="default"
            disabled
            rightSection={
              <Badge size="sm" variant="light" color="gray">
                <Trans>Coming Soon</Trans>
              </Badge>
            }
          >
            <Trans>Login With Google</Trans>
          </Button>
          <Button size="md" variant="outline" onClick={() => signInWith('auth0')} disabled={!auth.available.auth0}>
            <Trans>Login with HabiTrack Account</Trans>
          </Button>
          <Text size="xs" c="dimmed">
            <Trans>
              By signing in, you agree to the {productName} Terms of Service and Privacy Policy. You will be asked to
              accept them before you start.
            </Trans>
          </Text>
          <LanguageSelect />
        </Stack>
      </Paper>
    </Center>
  );
}
