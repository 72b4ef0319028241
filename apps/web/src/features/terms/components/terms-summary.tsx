import { List, Stack, Text, Title } from '@mantine/core';

// A plain-language summary, kind rather than legal: what people agree to and what happens to
// their data. Mood privacy is spelled out because it is what members most often worry about.
export function TermsSummary() {
  return (
    <Stack gap="md">
      <Text>
        HabiTrack helps you build leadership habits alongside your cohort. Before you start, here is what you are
        agreeing to, in short.
      </Text>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Using HabiTrack
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>Your organisation gives you HabiTrack as part of your leadership programme.</List.Item>
          <List.Item>Please use it for your own development, and keep your sign-in to yourself.</List.Item>
          <List.Item>Endorse cohort mates kindly and honestly: it is there to encourage each other.</List.Item>
        </List>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Your privacy
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            We keep your name, work e-mail, chosen habits and daily check-ins so the programme can work for you.
          </List.Item>
          <List.Item>
            Your cohort sees your habit progress, streaks and endorsements on the cohort leaderboard.
          </List.Item>
          <List.Item>
            Your mood entries are private: they are never shown to your cohort mates or leaders individually.
          </List.Item>
          <List.Item>Questions about your data? Your programme administrator is there to help.</List.Item>
        </List>
      </Stack>
    </Stack>
  );
}
