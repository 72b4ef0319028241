import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import type { TSupportedLocale } from '@habitrack/contracts/common/locales';
import { localesFolder } from '../../paths.ts';

// The API's catalogs (apps/api/locales/<locale>/messages.po, decision 021): each read and compiled
// once, the first time the server writes in that locale, and kept for the life of the process. A
// message that does not compile fails there and then, not in the middle of a batch of e-mails; the
// tests compile every catalog (catalogs.test.ts).

// A catalog's messages by id: the translation, or the source text in en-GB. Entries the extraction
// marked obsolete are no longer in the code.
export function readCatalog(locale: string, folder = localesFolder): Record<string, string> {
  const file = path.join(folder, locale, 'messages.po');
  const po = PO.parse(readFileSync(file, 'utf8'));
  return Object.fromEntries(
    po.items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr.join('')] as const),
  );
}

const loaded = new Map<TSupportedLocale, I18n>();

// The Lingui instance that writes in this locale. Each has its own: a batch of e-mails in several
// languages never switches a shared one back and forth.
export function i18nFor(locale: TSupportedLocale): I18n {
  let i18n = loaded.get(locale);
  if (!i18n) {
    const messages = Object.fromEntries(
      Object.entries(readCatalog(locale)).map(([id, text]) => [id, compileMessage(text)] as const),
    );
    i18n = setupI18n({ locale, locales: [locale], messages: { [locale]: messages } });
    loaded.set(locale, i18n);
  }
  return i18n;
}
