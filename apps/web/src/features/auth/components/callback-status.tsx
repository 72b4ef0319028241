import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useHybridAuth } from '../hooks/use-hybrid-auth.ts';
import { AuthLoading } from './auth-loading.tsx';

// Loading, then the page the user wanted (or /), or the error with a way home
// (docs/domain/screens.md#callback).
// The route puts it in the app's frame (a banner and the main landmark).
export function CallbackStatus() {
  const { t } = useLingui();
  const auth = useHybridAuth();
  if (auth.isLoading) return <AuthLoading message={t`Completing sign-in...`} inline />;
  if (auth.error) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>
          <Trans>Authentication Error</Trans>
        </Title>
        {/* The sign-in service's own words, as it gave them: support needs them exactly, so neither a
            catalog nor the browser's translation changes them. */}
        <Text translate="no">{auth.error.message}</Text>
        <Text>
          <Trans>
            Your sign-in did not complete, so you are not signed in. Return home to sign in again; if it keeps
            happening, contact your programme administrator.
          </Trans>
        </Text>
        <Group>
          <Button component={Link} to="/">
            <Trans>Return Home</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  return <Navigate to={auth.redirectResult?.returnTo ?? '/'} replace />;
}
