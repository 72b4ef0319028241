import type { TInsights } from '@habitrack/contracts/insights/get-insights';
import { t } from '@lingui/core/macro';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { atAGlance } from '../utils/sections.ts';

// The insights' headline figures, first on the page, as a description list (a figure's name, then
// its value and week): what a leader looks for before the charts below. Worded in the language
// shown when it renders (the insights page renders again when the language changes).
export function AtAGlance({ data }: { data: TInsights }) {
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t`At a glance`}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="md" m={0}>
          {atAGlance(data).map((figure) => (
            <div key={figure.label}>
              <Text component="dt" size="sm" c="dimmed">
                {figure.label}
              </Text>
              <Text component="dd" m={0} fw={700} size={figure.suppressed ? 'sm' : 'xl'}>
                {figure.value}
              </Text>
              <Text component="dd" m={0} size="xs" c="dimmed">
                {figure.note}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
