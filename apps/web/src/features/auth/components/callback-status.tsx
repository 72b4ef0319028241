import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useHybridAuth } from '../hooks/use-hybrid-auth.ts';
import { AuthLoading } from './auth-loading.tsx';

// SPEC §2 /callback: loading, then the page the user wanted (or /), or the error with a way home.
export function CallbackStatus() {
  const auth = useHybridAuth();
  if (auth.isLoading) return <AuthLoading message="Completing sign-in..." />;
  if (auth.error) {
    return (
      <Center mih="100vh" p="md">
        <Stack component="main" align="center" gap="sm" maw={520}>
          <Title order={1}>Authentication Error</Title>
          <Text ta="center">{auth.error.message}</Text>
          <Button component={Link} to="/">
            Return Home
          </Button>
        </Stack>
      </Center>
    );
  }
  return <Navigate to={auth.redirectResult?.returnTo ?? '/'} replace />;
}
