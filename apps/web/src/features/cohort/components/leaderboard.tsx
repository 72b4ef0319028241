import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TLeaderboardRow } from '../hooks/use-leaderboard.ts';
import { LeaderboardCards } from './leaderboard-cards.tsx';
import { LeaderboardTable } from './leaderboard-table.tsx';

// Below this width the table's eight columns do not fit beside each other (Mantine's md breakpoint).
export const CARDS_QUERY = '(max-width: 61.99em)';

type LeaderboardProps = {
  rows: TLeaderboardRow[];
  sample?: boolean;
  onEndorse: (userId: string) => void;
};

// The ranked members as a table, or as cards on a narrow screen; read at the first render, so the
// page never shows one and then the other.
export function Leaderboard(props: LeaderboardProps) {
  const narrow = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  return (
    <>
      <Text size="sm" c="dimmed">
        <Trans>
          Average progress is the mean of a member&apos;s progress over all their active habits; Days are their current
          habit&apos;s completed days.
        </Trans>
      </Text>
      {narrow ? <LeaderboardCards {...props} /> : <LeaderboardTable {...props} />}
    </>
  );
}
