import { useLingui } from '@lingui/react/macro';
import { NativeSelect } from '@mantine/core';
import { chooseLocale } from '../../lib/i18n/i18n.ts';
import { isSupportedLocale, LOCALE_NAMES, SUPPORTED_LOCALES } from '../../lib/i18n/locales.ts';

// The language menu: a labelled native select (keyboard and screen readers as the browser provides),
// each language named in its own language. A choice is kept and shown at once.
export function LanguageSelect() {
  const { i18n, t } = useLingui();
  return (
    <NativeSelect
      label={t`Language`}
      size="sm"
      value={isSupportedLocale(i18n.locale) ? i18n.locale : ''}
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (isSupportedLocale(locale)) void chooseLocale(locale);
      }}
      data={SUPPORTED_LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
    />
  );
}
