import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useHybridAuth } from '../hooks/use-hybrid-auth.ts';
import { AuthLoading } from './auth-loading.tsx';

// Loading, then the page the user wanted (or /), or the error with a way home
// (docs/domain/screens.md#callback).
// The route puts it in the app's frame (a banner and the main landmark).
export function CallbackStatus() {
  const auth = useHybridAuth();
  if (auth.isLoading) return <AuthLoading message="Completing sign-in..." inline />;
  if (auth.error) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Authentication Error</Title>
        <Text>{auth.error.message}</Text>
        <Text>
          Your sign-in did not complete, so you are not signed in. Return home to sign in again; if it keeps happening,
          contact your programme administrator.
        </Text>
        <Group>
          <Button component={Link} to="/">
            Return Home
          </Button>
        </Group>
      </Stack>
    );
  }
  return <Navigate to={auth.redirectResult?.returnTo ?? '/'} replace />;
}
