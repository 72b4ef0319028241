import { Trans } from '@lingui/react/macro';
import { List, Stack, Text, Title } from '@mantine/core';

// A plain-language summary, kind rather than legal: what people agree to and what happens to
// their data. Mood privacy is spelled out because it is what members most often worry about.
export function TermsSummary() {
  return (
    <Stack gap="md">
      <Text>
        <Trans>
          HabiTrack helps you build leadership habits alongside your cohort. Before you start, here is what you are
          agreeing to, in short.
        </Trans>
      </Text>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Using HabiTrack</Trans>
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            <Trans>Your organisation gives you HabiTrack as part of your leadership programme.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Please use it for your own development, and keep your sign-in to yourself.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Endorse cohort mates kindly and honestly: it is there to encourage each other.</Trans>
          </List.Item>
        </List>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Your privacy</Trans>
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            <Trans>
              We keep your name, work e-mail, chosen habits and daily check-ins so the programme can work for you.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>Your cohort sees your habit progress, streaks and endorsements on the cohort leaderboard.</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Your mood entries are private: they are never shown to your cohort mates or leaders individually.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>Questions about your data? Your programme administrator is there to help.</Trans>
          </List.Item>
        </List>
      </Stack>
    </Stack>
  );
}
