import { Alert, Button, Stack, Text } from '@mantine/core';

export const SAMPLE_DATA_NOTE =
  "Showing sample data: we couldn't load your cohort. Check your connection and try again.";

type SampleDataAlertProps = {
  retrying: boolean;
  onRetry: () => void;
};

// The fallback (docs/domain/standings-and-endorsements.md#when-the-cohort-cannot-be-loaded) must
// never pass for the real cohort: this note sits above the sample rows.
export function SampleDataAlert({ retrying, onRetry }: SampleDataAlertProps) {
  return (
    <Alert color="yellow" title="Offline sample data">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{SAMPLE_DATA_NOTE}</Text>
        <Text size="sm">
          Your row counts the habits logged on this device; the other rows are examples, not your colleagues.
        </Text>
        <Button variant="light" color="yellow" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
