import { useLingui } from '@lingui/react/macro';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TLeaderboardRow } from '../hooks/use-leaderboard.ts';
import { currentHabit, dayCount, dayStreak, progressLabel, roleOrJobTitle } from '../utils/member-labels.ts';
import { CurrentHabit } from './current-habit.tsx';
import { EndorseButton } from './endorse-button.tsx';
import { MemberBadges } from './member-badges.tsx';
import { ProgressRing } from './progress-ring.tsx';

type LeaderboardCardsProps = {
  rows: TLeaderboardRow[];
  sample?: boolean;
  onEndorse: (userId: string) => void;
};

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0}>
        {children}
      </Text>
    </div>
  );
}

// The leaderboard on a phone: one card per member, in rank order, each figure named beside it,
// where the table's eight columns would not fit.
export function LeaderboardCards({ rows, sample = false, onEndorse }: LeaderboardCardsProps) {
  const { t } = useLingui();
  return (
    <Stack
      component="ol"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={sample ? t`Cohort leaderboard (sample data)` : t`Cohort leaderboard`}
    >
      {rows.map(({ member, endorse }) => (
        <Paper
          component="li"
          key={member.user.id}
          withBorder
          radius="md"
          p="md"
          bg={member.is_current_user ? 'var(--mantine-color-blue-light)' : undefined}
          aria-label={`${member.rank}. ${member.user.full_name}`}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
                <Text fw={700} size="lg" aria-hidden>
                  {member.rank}
                </Text>
                <Box miw={0}>
                  <Group gap="xs">
                    <Text fw={600}>{member.user.full_name}</Text>
                    <MemberBadges member={member} sample={sample} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {roleOrJobTitle(member.user)}
                  </Text>
                </Box>
              </Group>
              <ProgressRing value={member.total_progress_percentage} label={progressLabel(member)} />
            </Group>
            <CurrentHabit member={member} />
            <Group component="dl" gap="lg" m={0}>
              <Figure term={t`Streak`}>{dayStreak(member.current_streak)}</Figure>
              <Figure term={t`Days`}>{dayCount(currentHabit(member)?.days_completed ?? 0)}</Figure>
              <Figure term={t`Endorsements`}>{member.total_endorsements}</Figure>
            </Group>
            <Group>
              <EndorseButton
                state={endorse}
                memberName={member.user.full_name}
                onEndorse={() => onEndorse(member.user.id)}
              />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
