import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { Widget } from './widget.tsx';
import { plural } from '../../../lib/plural.ts';

type TPositiveChanges = TDashboardResponse['positive_changes_widget'];

export function PositiveImpactsWidget({ impacts }: { impacts: TPositiveChanges }) {
  return (
    <Widget title="Positive Impacts">
      <Text size="sm">Total logged: {impacts.total_logged}</Text>
      {impacts.changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No positive impacts logged yet. When you complete a habit, note the change you noticed.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Positive impacts">
          {impacts.changes.map((change) => (
            <Group component="li" key={change.id} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {change.name}
                </Text>
                <Badge variant="light" size="sm">
                  {change.category}
                </Badge>
              </Stack>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {plural(change.count, 'time')}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Widget>
  );
}
