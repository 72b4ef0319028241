import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { ActiveHabits } from './active-habits.tsx';
import { CohortWidget } from './cohort-widget.tsx';
import { MoodWidget } from './mood-widget.tsx';
import { PositiveImpactsWidget } from './positive-impacts-widget.tsx';

// Default texts (docs/domain/constants.md#default-texts), for a member whose cohort has no
// programme (or no modules) yet.
const DEFAULT_PROGRAMME_NAME = msg`Leadership Excellence Programme`;
const DEFAULT_FIRST_MODULE_NAME = msg`Module 1: Effective Communication`;

// Memoised: the dashboard's data keeps its identity while unchanged (TanStack Query shares equal
// answers), so the route re-rendering around it (the mood prompt opening, a notice, a revalidation
// answering the same) leaves the whole content alone.
export const DashboardContent = memo(function DashboardContent({ data }: { data: TDashboardResponse }) {
  const { i18n } = useLingui();
  const userName = data.user_name;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Text size="xl" fw={600}>
          <Trans>Welcome back, {userName}!</Trans>
        </Text>
        <Text c="dimmed">
          {data.programme_name ?? i18n._(DEFAULT_PROGRAMME_NAME)} ·{' '}
          {data.first_module_name ?? i18n._(DEFAULT_FIRST_MODULE_NAME)}
        </Text>
      </Stack>
      <ActiveHabits active_habits={data.active_habits} can_add_more_habits={data.can_add_more_habits} />
      {/* Each widget as tall as its content: cards stretched to the tallest left large empty areas. */}
      <SimpleGrid cols={{ base: 1, md: 3 }} style={{ alignItems: 'start' }}>
        <CohortWidget team={data.team_widget} endorsements={data.endorsements_widget} />
        <MoodWidget mood={data.mood_widget} />
        <PositiveImpactsWidget impacts={data.positive_changes_widget} />
      </SimpleGrid>
    </Stack>
  );
});
