import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1}>Page not found</Title>
      <Text>There is no page at this address.</Text>
      <Button component={Link} to="/">
        Return Home
      </Button>
    </Stack>
  );
}
