import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { browserPage, isChunkLoadError } from '../../lib/stale-build.ts';

// A screen's code that could not be downloaded, and that the page did not reload for by itself
// (lib/stale-build.ts): the server is changing versions, or the connection dropped.
const DOWNLOAD_FAILED_MESSAGE =
  'Part of this page could not be downloaded: HabiTrack may have just been updated, or the connection dropped. Reload the page to try again.';

// Replaces React Router's developer error screen with something a user can act on.
export function RouteError() {
  const error = useRouteError();
  const downloadFailed = isChunkLoadError(error);
  const message = downloadFailed
    ? DOWNLOAD_FAILED_MESSAGE
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : 'Unknown error';
  return (
    <Stack component="main" gap="sm" p="xl" align="flex-start">
      <Title order={1}>Something went wrong</Title>
      <Text>{message}</Text>
      <Group gap="sm">
        {downloadFailed && <Button onClick={() => browserPage.reload()}>Reload</Button>}
        <Button component={Link} to="/" variant={downloadFailed ? 'default' : 'filled'}>
          Return Home
        </Button>
      </Group>
    </Stack>
  );
}
