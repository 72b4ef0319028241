import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Table, VisuallyHidden } from '@mantine/core';
import type { TLeaderboardRow } from '../hooks/use-leaderboard.ts';
import { MemberRow } from './member-row.tsx';

type LeaderboardTableProps = {
  rows: TLeaderboardRow[];
  sample?: boolean;
  onEndorse: (userId: string) => void;
};

// The columns' keys; their headings are the messages below.
/* eslint-disable lingui/no-unlocalized-strings -- keys */
export const COLUMNS = [
  'Rank',
  'Member',
  'Current habit',
  'Average progress',
  'Streak',
  'Days',
  'Endorsements',
] as const;
/* eslint-enable lingui/no-unlocalized-strings */

const COLUMN_LABELS: Record<(typeof COLUMNS)[number], MessageDescriptor> = {
  Rank: msg`Rank`,
  Member: msg`Member`,
  'Current habit': msg`Current habit`,
  'Average progress': msg`Average progress`,
  Streak: msg`Streak`,
  Days: msg`Days`,
  Endorsements: msg`Endorsements`,
};

// A real table, so the numbers keep their column names for screen readers. Narrow screens get the
// cards instead (leaderboard.tsx); between the two, the table scrolls inside its own box rather than
// squeezing eight columns together. (A plain overflow box: Mantine's Table.ScrollContainer needs
// ResizeObserver, which older browsers and jsdom lack.)
export function LeaderboardTable({ rows, sample = false, onEndorse }: LeaderboardTableProps) {
  const { t, i18n } = useLingui();
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table
        miw={860}
        verticalSpacing="sm"
        aria-label={sample ? t`Cohort leaderboard (sample data)` : t`Cohort leaderboard`}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {i18n._(COLUMN_LABELS[column])}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <MemberRow key={row.member.user.id} row={row} sample={sample} onEndorse={onEndorse} />
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
