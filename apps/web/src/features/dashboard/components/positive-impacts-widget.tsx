import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { Widget } from './widget.tsx';

type TPositiveChanges = TDashboardResponse['positive_changes_widget'];

export function PositiveImpactsWidget({ impacts }: { impacts: TPositiveChanges }) {
  const { t } = useLingui();
  const totalLogged = impacts.total_logged;
  return (
    <Widget title={t`Positive Impacts`}>
      <Text size="sm">
        <Trans>Total logged: {totalLogged}</Trans>
      </Text>
      {impacts.changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No positive impacts logged yet. When you complete a habit, note the change you noticed.</Trans>
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Positive impacts`}>
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
                <TimesLogged count={change.count} />
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Widget>
  );
}

function TimesLogged({ count }: { count: number }) {
  return <Plural value={count} one="# time" other="# times" />;
}
