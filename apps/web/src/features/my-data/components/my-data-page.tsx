import { EXPORTS_PER_HOUR } from '@habitrack/contracts/me/export-my-data';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HttpError } from '../../../lib/http.ts';
import { useDownloadMyData, type TExportFormat } from '../api/export-my-data.ts';

const FAILED = "We couldn't prepare your download. Check your connection and try again.";

// The member downloads everything HabiTrack holds about them (docs/domain/my-data.md).
export function MyDataPage() {
  const download = useDownloadMyData();
  const start = (format: TExportFormat) => download.mutate(format);
  const pending = download.isPending ? download.variables : null;
  const failure =
    download.error instanceof HttpError && download.error.detail && download.error.status < 500
      ? download.error.detail
      : FAILED;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1}>My data</Title>
        <Button component={Link} to="/programme/dashboard" variant="default">
          Back to Dashboard
        </Button>
      </Group>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Text>Download everything HabiTrack holds about you:</Text>
          <List size="sm" spacing={4}>
            <List.Item>your profile, team, cohort and sign-in accounts</List.Item>
            <List.Item>your habits, every check-in with its note and positive change, and your pauses</List.Item>
            <List.Item>your daily moods</List.Item>
            <List.Item>the endorsements you gave and received</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Choose one JSON file, or CSV files (one per kind of data) in a zip that opens in any spreadsheet. You can
            download your data {EXPORTS_PER_HOUR} times per hour.
          </Text>
          <Group gap="sm">
            <Button onClick={() => start('json')} loading={pending === 'json'} disabled={pending === 'zip'}>
              Download as JSON
            </Button>
            <Button
              variant="default"
              onClick={() => start('zip')}
              loading={pending === 'zip'}
              disabled={pending === 'json'}
            >
              Download as CSV (zip)
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {download.isSuccess && <Text size="sm">Your download has started: {download.data}</Text>}
          </div>
          {download.isError && (
            <Alert color="red" role="alert" title="Download failed">
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
