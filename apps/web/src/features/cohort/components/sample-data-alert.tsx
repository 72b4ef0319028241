import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Text } from '@mantine/core';

const sampleDataNote = msg`Showing sample data: we couldn't load your cohort. Check your connection and try again.`;
// The note's source (en-GB) text, which the tests look for.
export const SAMPLE_DATA_NOTE = sampleDataNote.message as string;

type SampleDataAlertProps = {
  retrying: boolean;
  onRetry: () => void;
};

// The fallback (docs/domain/standings-and-endorsements.md#when-the-cohort-cannot-be-loaded) must
// never pass for the real cohort: this note sits above the sample rows.
export function SampleDataAlert({ retrying, onRetry }: SampleDataAlertProps) {
  const { t, i18n } = useLingui();
  return (
    <Alert color="yellow" title={t`Offline sample data`}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{i18n._(sampleDataNote)}</Text>
        <Text size="sm">
          <Trans>
            Your row counts the habits logged on this device; the other rows are examples, not your colleagues.
          </Trans>
        </Text>
        <Button variant="light" color="yellow" onClick={onRetry} loading={retrying}>
          <Trans>Retry</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
