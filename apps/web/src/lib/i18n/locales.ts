// The locales the web app ships (docs/decisions/021-internationalisation-with-lingui.md), each with
// its name in its own language for the language menu. en-GB is the source: the texts in the code.
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

// Generated from the source (accented and lengthened texts); tests use it to find texts that do not
// come from a catalog. Never offered in the language menu nor chosen from the browser's languages.
export const PSEUDO_LOCALE = 'pseudo-LOCALE';

export type TSupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export type TLocale = TSupportedLocale | typeof PSEUDO_LOCALE;

export const LOCALE_NAMES: Record<TSupportedLocale, string> = {
  'en-GB': 'English (UK)',
  'en-US': 'English (US)',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'es-ES': 'Español',
  'pt-BR': 'Português (Brasil)',
  'nl-NL': 'Nederlands',
  'ja-JP': '日本語',
  ar: 'العربية',
};

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

export function isLocale(value: unknown): value is TLocale {
  return value === PSEUDO_LOCALE || isSupportedLocale(value);
}

// The first of the wanted languages (a browser's navigator.languages, most wanted first) the app
// ships: an exact match (case aside), else the locale its language stands for; en-GB when none fits.
export function negotiateLocale(wanted: readonly string[]): TSupportedLocale {
  for (const tag of wanted) {
    const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const byLanguage = BY_LANGUAGE[tag.split(/[-_]/)[0]!.toLowerCase()];
    if (byLanguage) return byLanguage;
  }
  return SOURCE_LOCALE;
}

export function directionOf(locale: TLocale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}
