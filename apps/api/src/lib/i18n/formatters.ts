import type { TSupportedLocale } from '@habitrack/contracts/common/locales';

// Dates, times and numbers as the recipient's locale writes them, through Intl. Making a formatter
// costs far more than using one, and a batch of e-mails formats hundreds of dates: each is made
// once per locale and options, and reused.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = cache.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: TSupportedLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: TSupportedLocale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

// A local date (YYYY-MM-DD, already the recipient's own, docs/domain/days-and-time-zones.md) as the
// locale writes it: "Monday 4 May" in en-GB, "Montag, 4. Mai" in de-DE. Formatted at UTC midnight in
// UTC, so the server's own zone never shifts it.
export function formatLocalDate(locale: TSupportedLocale, date: string, withWeekday = true): string {
  const options: Intl.DateTimeFormatOptions = withWeekday
    ? { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }
    : { timeZone: 'UTC', day: 'numeric', month: 'long' };
  return dateTimeFormat(locale, options).format(new Date(`${date}T00:00:00Z`));
}

// A wall-clock time (HH:MM on the recipient's clock) as the locale writes it: "07:30" in en-GB,
// "07:30 AM" in en-US.
export function formatWallTime(locale: TSupportedLocale, time: string): string {
  return dateTimeFormat(locale, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' }).format(
    new Date(`1970-01-01T${time}:00Z`),
  );
}

// How many formatters are kept (tests).
export function cachedFormatterCount(): number {
  return cache.size;
}
