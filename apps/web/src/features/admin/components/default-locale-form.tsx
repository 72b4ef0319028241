import type { TAdminSettings } from '@habitrack/contracts/admin/settings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isSupportedLocale, LOCALE_NAMES } from '../../../lib/i18n/locales.ts';
import { useUpdateDefaultLocale } from '../api/settings.ts';
import { localeOptions } from '../utils/labels.ts';
import { problemMessage } from '../utils/problem-message.ts';

// The organisation's default language (docs/domain/locales.md#the-organisations-default): for
// people who chose none, whose directory gave none and whose browser asks for none HabiTrack speaks.
export function DefaultLocaleForm({ settings }: { settings: TAdminSettings }) {
  const { t } = useLingui();
  const [locale, setLocale] = useState(settings.default_locale);
  const update = useUpdateDefaultLocale();
  const saved = update.data ? LOCALE_NAMES[update.data.default_locale] : '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ default_locale: locale });
      }}
    >
      <Stack gap="md">
        <Select
          label={t`Default language`}
          description={t`For people who chose no language, whose directory gives none and whose browser asks for none HabiTrack speaks.`}
          data={localeOptions()}
          value={locale}
          onChange={(value) => {
            if (isSupportedLocale(value)) setLocale(value);
            update.reset();
          }}
          allowDeselect={false}
        />
        {update.isError && (
          <Alert color="red" role="alert" title={t`The default language was not saved`}>
            {problemMessage(update.error)}
          </Alert>
        )}
        <div role="status" aria-live="polite">
          {update.isSuccess && (
            <Text size="sm">
              <Trans>Default language saved: {saved}.</Trans>
            </Text>
          )}
        </div>
        <Group>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save default language</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
