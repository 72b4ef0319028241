import { Badge, Group, Loader } from '@mantine/core';
import { HttpError } from '../../../lib/http.ts';
import { useHealth } from '../api/get-health.ts';

function describeError(error: Error): string {
  if (error instanceof HttpError) return error.message;
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return 'unreachable';
  return 'unexpected response';
}

export function ApiHealth() {
  const health = useHealth();
  // One live region that persists across states, so screen readers announce the result.
  return (
    <Group gap="xs" role="status">
      {health.isPending ? (
        <>
          <Loader size="xs" aria-hidden />
          <span>API: checking…</span>
        </>
      ) : health.isError ? (
        <Badge color="red" variant="light" size="lg" tt="none">
          API: error ({describeError(health.error)})
        </Badge>
      ) : (
        <Badge color="green" variant="light" size="lg" tt="none">
          API: ok
        </Badge>
      )}
    </Group>
  );
}
