import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { browserPage, isChunkLoadError } from '../../lib/stale-build.ts';

// The technical words of an error that is not a failed download (a bug, or the router's own
// response), shown as they are under a sentence in the member's language: support needs them exactly.
function technicalText(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : null;
}

// Replaces React Router's developer error screen with something a user can act on.
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  // A screen's code that could not be downloaded, and that the page did not reload for by itself
  // (lib/stale-build.ts): the server is changing versions, or the connection dropped.
  const downloadFailed = isChunkLoadError(error);
  const technical = downloadFailed ? null : technicalText(error);
  return (
    <Stack component="main" gap="sm" p="xl" align="flex-start">
      <Title order={1}>
        <Trans>Something went wrong</Trans>
      </Title>
      <Text>
        {downloadFailed
          ? t`Part of this page could not be downloaded: HabiTrack may have just been updated, or the connection dropped. Reload the page to try again.`
          : t`This page could not be shown. Return home and try again; if it keeps happening, tell your programme administrator what is written below.`}
      </Text>
      {!downloadFailed && (
        <Text size="sm" c="dimmed">
          {technical ?? t`Unknown error`}
        </Text>
      )}
      <Group gap="sm">
        {downloadFailed && (
          <Button onClick={() => browserPage.reload()}>
            <Trans>Reload</Trans>
          </Button>
        )}
        <Button component={Link} to="/" variant={downloadFailed ? 'default' : 'filled'}>
          <Trans>Return Home</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
