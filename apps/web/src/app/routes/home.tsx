import { Stack, Text, Title } from '@mantine/core';
import { ApiHealth } from '../../features/health/components/api-health.tsx';

// Foundation placeholder; becomes the flow-state decision screen of SPEC §4.
export function Home() {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>HabiTrack</Title>
      <Text>Build lasting leadership habits, together with your cohort.</Text>
      <ApiHealth />
    </Stack>
  );
}
