import { PSEUDO_LOCALE, SOURCE_LOCALE } from '../../../lib/i18n/locales.ts';

// The weekday a locale's weeks start on, 1 (Monday) to 7 (Sunday), as Intl numbers them: from
// Intl.Locale's week information where the browser has it (getWeekInfo(), or the older weekInfo
// property), else from the region, by this table of the regions the app ships for (Monday for the
// rest, as in most of Europe).
const FIRST_DAY_BY_REGION: Record<string, number> = { US: 7, BR: 7, JP: 7, CA: 7, EG: 6, SA: 7, AE: 6 };
// Arabic without a region: the region it stands for (CLDR's likely subtags: Egypt).
const REGION_BY_LANGUAGE: Record<string, string> = { ar: 'EG', ja: 'JP' };

type TWeekInfo = { firstDay?: number };
type TLocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => TWeekInfo; weekInfo?: TWeekInfo };

const known = new Map<string, number>();

export function firstDayOfWeek(locale: string): number {
  const tag = locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale;
  let first = known.get(tag);
  if (first === undefined) {
    first = fromIntl(tag) ?? fromTable(tag);
    known.set(tag, first);
  }
  return first;
}

function fromIntl(tag: string): number | undefined {
  try {
    const intlLocale = new Intl.Locale(tag) as TLocaleWithWeekInfo;
    const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
    return info?.firstDay;
  } catch {
    return undefined;
  }
}

export function fromTable(tag: string): number {
  const [language = '', region] = tag.split(/[-_]/);
  return FIRST_DAY_BY_REGION[(region ?? REGION_BY_LANGUAGE[language] ?? '').toUpperCase()] ?? 1;
}
