import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1}>
        <Trans>Page not found</Trans>
      </Title>
      <Text>
        <Trans>There is no page at this address.</Trans>
      </Text>
      <Button component={Link} to="/">
        <Trans>Return Home</Trans>
      </Button>
    </Stack>
  );
}
