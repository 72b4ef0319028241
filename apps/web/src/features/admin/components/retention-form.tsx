import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '@habitrack/contracts/admin/retention';
import type { TAdminSettings } from '@habitrack/contracts/admin/settings';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useUpdateRetention } from '../api/settings.ts';
import { problemMessage } from '../utils/problem-message.ts';

// The organisation's retention period (docs/domain/retention.md#the-setting): off keeps everything;
// on deletes notes, moods and endorsement messages that many days after a member's frame ends or
// after their deactivation, once a day.
const SUGGESTED_DAYS = 365;

export function RetentionForm({ settings }: { settings: TAdminSettings }) {
  const { t } = useLingui();
  const min = RETENTION_DAYS_MIN;
  const max = RETENTION_DAYS_MAX;
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
          <Trans>
            By default HabiTrack keeps everything. With retention on, the notes of check-ins, moods and the messages of
            endorsements are deleted the given number of days after a member&apos;s habit frame ends, or after they were
            deactivated. Check-ins and endorsements still count, and past insights do not change.
          </Trans>
        </Text>
        <Switch
          label={t`Delete old notes, moods and endorsement messages`}
          checked={enabled}
          onChange={(event) => {
            setEnabled(event.currentTarget.checked);
            update.reset();
          }}
        />
        {enabled && (
          <NumberInput
            label={t`Days to keep them`}
            description={t`After a frame ends or a deactivation: ${min} to ${max} days.`}
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
            error={valid ? undefined : t`Enter a whole number of days from ${min} to ${max}.`}
          />
        )}
        {update.isError && (
          <Alert color="red" role="alert" title={t`Retention was not saved`}>
            {problemMessage(update.error)}
          </Alert>
        )}
        <div role="status" aria-live="polite">
          {update.isSuccess && (
            <Text size="sm">
              {update.data.retention_days === null
                ? t`Retention saved: everything is kept.`
                : t`Retention saved: deleted ${plural(update.data.retention_days, { one: '# day', other: '# days' })} after a frame ends or a deactivation.`}
            </Text>
          )}
        </div>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!valid}>
            <Trans>Save retention</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
