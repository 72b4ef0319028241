import { Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

// Replaces React Router's developer error screen with something a user can act on.
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Stack component="main" gap="sm" p="xl" align="flex-start">
      <Title order={1}>Something went wrong</Title>
      <Text>{message}</Text>
      <Button component={Link} to="/">
        Return Home
      </Button>
    </Stack>
  );
}
