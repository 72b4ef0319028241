import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '@habitrack/contracts/admin/retention';
import type { TAdminSettings } from '@habitrack/contracts/admin/settings';
import { Alert, Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useUpdateRetention } from '../api/settings.ts';
import { problemMessage } from '../utils/problem-message.ts';

// The organisation's retention period (docs/domain/retention.md#the-setting): off keeps everything;
// on deletes notes, moods and endorsement messages that many days after a member's frame ends or
// after their deactivation, once a day.
const SUGGESTED_DAYS = 365;

export function RetentionForm({ settings }: { settings: TAdminSettings }) {
  const [enabled, setEnabled] = useState(settings.retention_days !== null);
  const [days, setDays] = useState<number | string>(settings.retention_days ?? SUGGESTED_DAYS);
  const update = useUpdateRetention();
  const valid =
    !enabled ||
    (typeof days === 'number' && Number.isInteger(days) && days >= RETENTION_DAYS_MIN && days <= RETENTION_DAYS_MAX);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ retention_days: enabled ? Number(days) : null });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          By default HabiTrack keeps everything. With retention on, the notes of check-ins, moods and the messages of
          endorsements are deleted the given number of days after a member&apos;s habit frame ends, or after they were
          deactivated. Check-ins and endorsements still count, and past insights do not change.
        </Text>
        <Switch
          label="Delete old notes, moods and endorsement messages"
          checked={enabled}
          onChange={(event) => {
            setEnabled(event.currentTarget.checked);
            update.reset();
          }}
        />
        {enabled && (
          <NumberInput
            label="Days to keep them"
            description={`After a frame ends or a deactivation: ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX} days.`}
            min={RETENTION_DAYS_MIN}
            max={RETENTION_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={days}
            onChange={(value) => {
              setDays(value);
              update.reset();
            }}
            error={
              valid ? undefined : `Enter a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}.`
            }
          />
        )}
        {update.isError && (
          <Alert color="red" role="alert" title="Retention was not saved">
            {problemMessage(update.error)}
          </Alert>
        )}
        <div role="status" aria-live="polite">
          {update.isSuccess && (
            <Text size="sm">
              {update.data.retention_days === null
                ? 'Retention saved: everything is kept.'
                : `Retention saved: deleted ${update.data.retention_days} days after a frame ends or a deactivation.`}
            </Text>
          )}
        </div>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!valid}>
            Save retention
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
