import { Center, Loader, Stack, Text } from '@mantine/core';

type LoadingStateProps = {
  // Visible and announced, so a screen-reader user knows what the page is waiting for.
  label: string;
};

export function LoadingState({ label }: LoadingStateProps) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
