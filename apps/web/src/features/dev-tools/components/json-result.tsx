import { Trans, useLingui } from '@lingui/react/macro';
import { Code, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

type JsonResultProps = {
  title: string;
  result: Pick<UseQueryResult<unknown>, 'status' | 'data' | 'error'>;
};

// One call's answer, as plain JSON: a developer tool, read by the people who wrote the API.
export function JsonResult({ title, result }: JsonResultProps) {
  const { t } = useLingui();
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {result.status === 'pending' ? (
        <Loader size="xs" aria-label={t`Loading ${title}`} />
      ) : result.status === 'error' ? (
        <Text c="red.9" size="sm">
          <Trans>Error: {result.error?.message}</Trans>
        </Text>
      ) : (
        // Focusable, so a keyboard can scroll a long answer sideways.
        <Code block tabIndex={0} role="region" aria-label={t`${title} answer`}>
          {JSON.stringify(result.data, null, 2)}
        </Code>
      )}
    </Stack>
  );
}
