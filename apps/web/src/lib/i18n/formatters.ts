import { PSEUDO_LOCALE, SOURCE_LOCALE } from './locales.ts';

// Dates, numbers, percentages and relative times in the member's locale, through Intl. Making an
// Intl formatter is slow (tens of microseconds, more for the first of a locale); made per render
// they cost a screen tens of milliseconds. Each is made once per locale and options, and reused.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

// The pseudo-locale formats as the source locale does.
function intlLocale(locale: string): string {
  return locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale;
}

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: (locale: string) => F,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as F | undefined;
  if (!formatter) {
    formatter = make(intlLocale(locale));
    cache.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', locale, options, (tag) => new Intl.NumberFormat(tag, options));
}

// The first number formatter of a locale loads the locale's data from ICU: about 45 ms of a slow
// phone's main thread (Lighthouse's mobile CPU), which the first screen's render paid in its longest
// task (the dashboard's percentages, the cohort's member count). Made in a task of its own as the
// locale is shown, before the screen's data can have arrived, the render finds the data loaded.
export function prepareNumberFormats(locale: string): void {
  setTimeout(() => numberFormat(locale), 0);
}

export function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' },
): Intl.RelativeTimeFormat {
  return cached('relative', locale, options, (tag) => new Intl.RelativeTimeFormat(tag, options));
}

// A share from 0 to 1 as a percentage ("42 %" in de-DE, "42%" in en-GB), whole by default.
export function formatPercent(locale: string, share: number, maximumFractionDigits = 0): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits }).format(share);
}

// How many formatters are kept (tests).
export function cachedFormatterCount(): number {
  return cache.size;
}
