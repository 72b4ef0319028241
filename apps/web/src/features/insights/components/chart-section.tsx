import { t } from '@lingui/core/macro';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { downloadCsv, type TTable } from '../utils/figures.ts';
import { useNearViewport } from '../utils/use-near-viewport.ts';

type ChartSectionProps = {
  title: string;
  description: string;
  fileName: string;
  table: TTable;
  // The chart; absent for sections that are tables only.
  chart?: ReactNode;
  // The heading level: 2 for a section of the page, deeper inside the goal line of sight.
  headingOrder?: 2 | 3 | 4;
  // The room the chart takes before it is drawn (drawn when it comes into view), so nothing moves.
  chartHeight?: number;
};

// One section of the insights: a chart, its data table behind a toggle (the chart's text
// alternative, docs/conventions.md#charts) and a CSV download of the same, already suppressed,
// figures. Its texts are worded while it renders, in the language shown (the insights page
// renders again when the language changes); it also works outside the page, without a provider.
export function ChartSection({
  title,
  description,
  fileName,
  table,
  chart,
  headingOrder = 2,
  chartHeight = 220,
}: ChartSectionProps) {
  const [showTable, setShowTable] = useState(chart === undefined);
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const tableId = useId();
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Stack gap="sm">
        <Title order={headingOrder} size="h4" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {chart && (
          <div ref={ref} style={near ? undefined : { minHeight: chartHeight }}>
            {near && chart}
          </div>
        )}
        <Group gap="xs">
          {chart && (
            <Button
              variant="light"
              size="xs"
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {showTable ? t`Hide table: ${title}` : t`Show table: ${title}`}
            </Button>
          )}
          <Button variant="default" size="xs" onClick={() => downloadCsv(fileName, table)}>
            {t`Download CSV: ${title}`}
          </Button>
        </Group>
        {showTable && (
          // Native scrolling in a focusable, named region: keyboard users can scroll a wide table too.
          <Table.ScrollContainer
            minWidth={320}
            type="native"
            id={tableId}
            tabIndex={0}
            role="region"
            aria-label={t`Table: ${title}`}
          >
            <Table striped withTableBorder>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {table.columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={table.columns.length}>{t`Nothing to show for this period.`}</Table.Td>
                  </Table.Tr>
                ) : (
                  table.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((cell, j) => (
                        <Table.Td key={j}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
