import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, NativeSelect, Paper, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import {
  isSupportedLocale,
  LOCALE_NAMES,
  SUPPORTED_LOCALES,
  type TSupportedLocale,
} from '../../../lib/i18n/locales.ts';
import { useChooseLocale } from '../api/choose-locale.ts';

const AUTOMATIC = '';

// The member's own choice of language (docs/domain/locales.md#the-members-choice), in their
// settings: each language named in its own language, and "Automatic" to leave it to their
// organisation's directory, their browser and their organisation's default.
export function LanguageSettings({ chosen }: { chosen: TSupportedLocale | null }) {
  const choose = useChooseLocale();
  const { t } = useLingui();
  const headingId = useId();
  const shown = choose.isPending ? choose.variables : chosen;
  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          <Trans>Language</Trans>
        </Title>
        <NativeSelect
          label={t`Language of HabiTrack`}
          description={t`Automatic uses the language your organisation set for you, else your browser's.`}
          value={shown ?? AUTOMATIC}
          onChange={(event) => {
            const value = event.currentTarget.value;
            choose.mutate(isSupportedLocale(value) ? value : null);
          }}
        >
          <option value={AUTOMATIC}>{t`Automatic`}</option>
          {SUPPORTED_LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </NativeSelect>
        {choose.isError && (
          <Alert color="red" role="alert">
            <Trans>We couldn't save your language. Check your connection and try again.</Trans>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
