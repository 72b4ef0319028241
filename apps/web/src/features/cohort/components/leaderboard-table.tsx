import { Box, Table, VisuallyHidden } from '@mantine/core';
import type { TLeaderboardRow } from '../hooks/use-leaderboard.ts';
import { MemberRow } from './member-row.tsx';

type LeaderboardTableProps = {
  rows: TLeaderboardRow[];
  sample?: boolean;
  onEndorse: (userId: string) => void;
};

export const COLUMNS = [
  'Rank',
  'Member',
  'Current habit',
  'Average progress',
  'Streak',
  'Days',
  'Endorsements',
] as const;

// A real table, so the numbers keep their column names for screen readers. Narrow screens get the
// cards instead (leaderboard.tsx); between the two, the table scrolls inside its own box rather than
// squeezing eight columns together. (A plain overflow box: Mantine's Table.ScrollContainer needs
// ResizeObserver, which older browsers and jsdom lack.)
export function LeaderboardTable({ rows, sample = false, onEndorse }: LeaderboardTableProps) {
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table
        miw={860}
        verticalSpacing="sm"
        aria-label={sample ? 'Cohort leaderboard (sample data)' : 'Cohort leaderboard'}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
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
