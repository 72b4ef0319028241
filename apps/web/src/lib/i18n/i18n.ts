import { i18n } from '@lingui/core';
import { z } from 'zod';
import { readInlineConfig } from '../config.ts';
import { storedItem } from '../storage.ts';
import { loadCatalog } from './catalogs.ts';
import { prepareNumberFormats } from './formatters.ts';
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

// The language this browser last showed by choice: picked on the sign-in page, or the signed-in
// member's own (docs/domain/locales.md#in-the-browser). The account keeps the member's choice; this
// copy paints the first screen, and the sign-in page, in it. The pseudo-locale is never offered; the
// end-to-end tests store it here themselves to find texts that do not come from a catalog.
const chosenLocale = storedItem('locale', z.enum([...SUPPORTED_LOCALES, PSEUDO_LOCALE]));
// A choice made on the sign-in page that no account has heard of yet: saved to the account at
// sign-in when the account has no choice of its own, then forgotten.
const signInChoice = storedItem('locale-from-sign-in', z.enum(SUPPORTED_LOCALES));

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
// The locale asked for last: a catalog that arrives after a later choice was made is kept, not shown
// (picking one language, then another already loaded, ends on the second).
let latest: TLocale | undefined;

export async function activateLocale(locale: TLocale): Promise<void> {
  latest = locale;
  if (!loaded.has(locale)) {
    i18n.load(locale, await loadCatalog(locale));
    loaded.add(locale);
  }
  if (latest !== locale) return;
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  prepareNumberFormats(locale);
}

// Someone picks a language on the sign-in page (language menu): kept for next time, shown at once,
// and offered to their account when they sign in.
export async function chooseLocale(locale: TSupportedLocale): Promise<void> {
  chosenLocale.write(locale);
  signInChoice.write(locale);
  await activateLocale(locale);
}

// The sign-in page's choice not yet given to an account, if any.
export function unsavedSignInChoice(): TSupportedLocale | undefined {
  return signInChoice.read();
}

export function forgetSignInChoice(): void {
  signInChoice.remove();
}

// The signed-in member's language, as the server resolves it: shown, and kept for the next first
// paint. A developer looking at the pseudo-locale keeps it.
export async function followAccountLocale(locale: TSupportedLocale): Promise<void> {
  if (i18n.locale === PSEUDO_LOCALE) return;
  chosenLocale.write(locale);
  if (i18n.locale !== locale) await activateLocale(locale);
}

export function activeLocale(): TLocale {
  return isLocale(i18n.locale) ? i18n.locale : 'en-GB';
}
