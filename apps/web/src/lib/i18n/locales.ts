// The locales the web app ships (docs/decisions/021-internationalisation-with-lingui.md), each with
// its name in its own language for the language menu. en-GB is the source: the texts in the code.
import {
  SOURCE_LOCALE,
  SUPPORTED_LOCALES,
  isSupportedLocale,
  negotiateLocale,
} from '@habitrack/contracts/common/locales';
import type { TSupportedLocale } from '@habitrack/contracts/common/locales';

export { SOURCE_LOCALE, SUPPORTED_LOCALES, isSupportedLocale, negotiateLocale };
export type { TSupportedLocale };

// Generated from the source (every letter accented); tests use it to find texts that do not
// come from a catalog. Never offered in the language menu nor chosen from the browser's languages;
// a test stores it as the member's choice, honoured only where developer tools are on (i18n.ts).
export const PSEUDO_LOCALE = 'pseudo-LOCALE';

export type TLocale = TSupportedLocale | typeof PSEUDO_LOCALE;

// Each language named in itself, whatever the language shown, so a member finds their own.
/* eslint-disable lingui/no-unlocalized-strings -- names in their own language, never translated */
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
/* eslint-enable lingui/no-unlocalized-strings */

export function isLocale(value: unknown): value is TLocale {
  return value === PSEUDO_LOCALE || isSupportedLocale(value);
}

export function directionOf(locale: TLocale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}
