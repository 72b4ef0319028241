// The quote's sheet loads with the endorsements screens (src/app/styles.ts holds the shared ones).
import '@mantine/core/styles/Blockquote.css';
import type { TReceivedEndorsement } from '@habitrack/contracts/social/list-endorsements-received';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Blockquote, Group, Paper, Stack, Text } from '@mantine/core';
import { fullDate } from '../../../lib/calendar-day.ts';
import { isNewSince } from '../utils/endorsement-dates.ts';

type EndorsementListProps = {
  items: TReceivedEndorsement[];
  // When the member last opened the page before this visit: later endorsements are marked New.
  seenAt: string | null;
};

// Who, when and the message, newest first. "New" is a word on the card, not only a colour.
export function EndorsementList({ items, seenAt }: EndorsementListProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack component="ul" aria-label={t`Endorsements you received`} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder radius="md" p="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>{item.endorser.full_name}</Text>
              {isNewSince(item.created_at, seenAt) && (
                <Badge color="teal" variant="light">
                  <Trans>New</Trans>
                </Badge>
              )}
            </Group>
            <Blockquote p="xs" ps="md" color="teal" style={{ overflowWrap: 'anywhere' }}>
              {item.message}
            </Blockquote>
            <Text size="sm" c="dimmed">
              <time dateTime={item.created_at}>{fullDate(i18n, item.endorsed_on)}</time>
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
