import { Alert, Button, Stack, Text } from '@mantine/core';

type ErrorStateProps = {
  title: string;
  message: string;
  onRetry: () => void;
};

// A failed load is usually transient (network, 5xx), so the page offers a retry instead of a dead end.
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
