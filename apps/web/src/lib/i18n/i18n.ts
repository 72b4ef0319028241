import { i18n } from '@lingui/core';
import { z } from 'zod';
import { readInlineConfig } from '../config.ts';
import { storedItem } from '../storage.ts';
import { loadCatalog } from './catalogs.ts';
import {
  directionOf,
  isLocale,
  negotiateLocale,
  PSEUDO_LOCALE,
  SUPPORTED_LOCALES,
  type TLocale,
  type TSupportedLocale,
} from './locales.ts';

export { i18n };

// The member's own choice of language, kept in this browser (the language menu). Later also kept on
// the server with the member's other preferences. The pseudo-locale is never offered; the
// end-to-end tests store it here themselves to find texts that do not come from a catalog.
const chosenLocale = storedItem('locale', z.enum([...SUPPORTED_LOCALES, PSEUDO_LOCALE]));

// Which locale to show, in this order: the member's own choice, else the first of the browser's
// languages the app ships (navigator.languages), else en-GB. A stored pseudo-locale counts only
// where developer tools are on (the inline config the API writes into the page): never in
// production, which refuses them.
export function preferredLocale(config = readInlineConfig()): TLocale {
  const chosen = chosenLocale.read();
  if (chosen === PSEUDO_LOCALE) {
    if (config?.devTools) return PSEUDO_LOCALE;
  } else if (chosen) return chosen;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
  return negotiateLocale(wanted);
}

const loaded = new Set<TLocale>();

// Shows the app in `locale`: loads its catalog once (its own chunk), then switches every text at once
// (I18nProvider re-renders) and sets <html lang> and dir.
export async function activateLocale(locale: TLocale): Promise<void> {
  if (!loaded.has(locale)) {
    i18n.load(locale, await loadCatalog(locale));
    loaded.add(locale);
  }
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

// The member picks a language (language menu): kept for next time, and shown at once.
export async function chooseLocale(locale: TSupportedLocale): Promise<void> {
  chosenLocale.write(locale);
  await activateLocale(locale);
}

export function activeLocale(): TLocale {
  return isLocale(i18n.locale) ? i18n.locale : 'en-GB';
}
