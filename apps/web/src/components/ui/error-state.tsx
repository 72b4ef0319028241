import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack, Text } from '@mantine/core';

type ErrorStateProps = {
  title: string;
  message: string;
  onRetry: () => void;
  // Smaller, for a part of a page (a console section or dialog) rather than the whole page.
  compact?: boolean;
};

// A failed load is usually transient (network, 5xx), so the page offers a retry instead of a dead end.
export function ErrorState({ title, message, onRetry, compact = false }: ErrorStateProps) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap={compact ? 'xs' : 'sm'} align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size={compact ? 'xs' : 'sm'} variant="light" color="red" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
