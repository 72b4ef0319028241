import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { chooseLocale } from '../../lib/i18n/i18n.ts';
import { isSupportedLocale, LOCALE_NAMES, SUPPORTED_LOCALES } from '../../lib/i18n/locales.ts';
import classes from './language-select.module.css';

// The language menu: a labelled native select (keyboard and screen readers as the browser provides),
// each language named in its own language. A choice is kept and shown at once. A plain <select>
// styled with the theme's variables rather than Mantine's NativeSelect: the sign-in page is part
// of the first download, and Mantine's input parts would add about 4 kB gzip to it.
export function LanguageSelect() {
  const { i18n, t } = useLingui();
  const id = useId();
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {t`Language`}
      </label>
      <select
        id={id}
        className={classes.select}
        value={isSupportedLocale(i18n.locale) ? i18n.locale : ''}
        onChange={(event) => {
          const locale = event.currentTarget.value;
          if (isSupportedLocale(locale)) void chooseLocale(locale);
        }}
      >
        {!isSupportedLocale(i18n.locale) && <option value="" />}
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
