import { EXPORTS_PER_HOUR } from '@habitrack/contracts/me/export-my-data';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { refusalTextOr } from '../../../lib/refusal-text.ts';
import { useDownloadMyData, type TExportFormat } from '../api/export-my-data.ts';

// The member downloads everything HabiTrack holds about them (docs/domain/my-data.md).
export function MyDataPage() {
  const { t, i18n } = useLingui();
  const download = useDownloadMyData();
  const start = (format: TExportFormat) => download.mutate(format);
  const pending = download.isPending ? download.variables : null;
  const failure = refusalTextOr(
    i18n,
    download.error,
    t`We couldn't prepare your download. Check your connection and try again.`,
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1}>
          <Trans>My data</Trans>
        </Title>
        <Button component={Link} to="/programme/dashboard" variant="default">
          <Trans>Back to Dashboard</Trans>
        </Button>
      </Group>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Text>
            <Trans>Download everything HabiTrack holds about you:</Trans>
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>
              <Trans>your profile, team, cohort and sign-in accounts</Trans>
            </List.Item>
            <List.Item>
              <Trans>your habits, every check-in with its note and positive change, and your pauses</Trans>
            </List.Item>
            <List.Item>
              <Trans>your daily moods</Trans>
            </List.Item>
            <List.Item>
              <Trans>the endorsements you gave and received</Trans>
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            <Trans>
              Choose one JSON file, or CSV files (one per kind of data) in a zip that opens in any spreadsheet. You can
              download your data {EXPORTS_PER_HOUR} times per hour.
            </Trans>
          </Text>
          <Group gap="sm">
            <Button onClick={() => start('json')} loading={pending === 'json'} disabled={pending === 'zip'}>
              <Trans>Download as JSON</Trans>
            </Button>
            <Button
              variant="default"
              onClick={() => start('zip')}
              loading={pending === 'zip'}
              disabled={pending === 'json'}
            >
              <Trans>Download as CSV (zip)</Trans>
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {download.isSuccess && (
              <Text size="sm">
                <Trans>Your download has started: {download.data}</Trans>
              </Text>
            )}
          </div>
          {download.isError && (
            <Alert color="red" role="alert" title={t`Download failed`}>
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
