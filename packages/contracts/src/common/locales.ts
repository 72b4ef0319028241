// The locales HabiTrack speaks (docs/decisions/021-internationalisation-with-lingui.md), shared by the
// API (stored preferences, e-mails, exports) and the web app (catalogs, the language menu).
// en-GB is the source: the texts in the code.
// No zod here: the web app's first chunk imports this file (schemas write z.enum(SUPPORTED_LOCALES)).

export const SOURCE_LOCALE = 'en-GB';

export const SUPPORTED_LOCALES = [
  'en-GB',
  'en-US',
  'de-DE',
  'fr-FR',
  'es-ES',
  'pt-BR',
  'nl-NL',
  'ja-JP',
  'ar',
] as const;

export type TSupportedLocale = (typeof SUPPORTED_LOCALES)[number];

// The locale a language alone stands for (a browser asking for "pt" or "pt-PT" gets Brazilian
// Portuguese, "en-AU" British English).
const BY_LANGUAGE: Record<string, TSupportedLocale> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  pt: 'pt-BR',
  nl: 'nl-NL',
  ja: 'ja-JP',
  ar: 'ar',
};

export function isSupportedLocale(value: unknown): value is TSupportedLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

// The shipped locale a language tag stands for: an exact match (case and `_` aside), else the locale
// its language stands for; undefined when HabiTrack does not speak it.
export function matchLocale(tag: string): TSupportedLocale | undefined {
  const normalised = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!normalised) return undefined;
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === normalised);
  if (exact) return exact;
  return BY_LANGUAGE[normalised.split('-')[0]!];
}

// The first of the wanted languages (most wanted first) HabiTrack speaks; en-GB when none fits.
export function negotiateLocale(wanted: readonly string[]): TSupportedLocale {
  for (const tag of wanted) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return SOURCE_LOCALE;
}

// An Accept-Language header's languages, most wanted first (q=0 left out; ties keep their order).
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

export function directionOf(locale: string): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

// Whose locale, in order (docs/domain/locales.md): the member's own choice, else their directory's,
// else the first language of the browser's Accept-Language that HabiTrack speaks, else the
// organisation's default. Stored values outside the shipped locales are passed over.
export function resolveLocale(sources: {
  chosen?: string | null;
  directory?: string | null;
  acceptLanguage?: string | null;
  organisationDefault?: string | null;
}): TSupportedLocale {
  if (isSupportedLocale(sources.chosen)) return sources.chosen;
  if (isSupportedLocale(sources.directory)) return sources.directory;
  for (const tag of acceptedLanguages(sources.acceptLanguage ?? undefined)) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return isSupportedLocale(sources.organisationDefault) ? sources.organisationDefault : SOURCE_LOCALE;
}
