import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import linguiConfig from '../../lingui.config.ts';

// The check that every shipped locale has every message (run by `npm test`, catalogs.test.ts; the
// build fails on a missing one as well, lingui-vite.ts). Against the source catalog (en-GB, which
// `npm run i18n:extract` fills from the code): each other locale but the pseudo-locale has the same
// messages, none untranslated, and each translation uses the same placeholders as its source text.

export type TCatalogText = Record<string, { message?: string; translation?: string }>;

const PLACEHOLDER = /\{\s*([A-Za-z0-9_]+)/g;

// The names of the placeholders and ICU arguments ({name}, {count, plural, …}) a message uses.
function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

export function catalogProblems(locale: string, source: TCatalogText, translated: TCatalogText): string[] {
  const problems: string[] = [];
  for (const [id, entry] of Object.entries(source)) {
    const sourceText = entry.translation || entry.message || id;
    const translation = translated[id]?.translation;
    if (!translation) {
      problems.push(`${locale}: no translation of "${sourceText}"`);
      continue;
    }
    const wanted = placeholdersOf(sourceText).join(', ');
    const found = placeholdersOf(translation).join(', ');
    if (wanted !== found) {
      problems.push(`${locale}: "${translation}" uses {${found}} where "${sourceText}" uses {${wanted}}`);
    }
  }
  for (const id of Object.keys(translated)) {
    if (!(id in source)) problems.push(`${locale}: "${translated[id]?.message ?? id}" is not in the source catalog`);
  }
  return problems;
}

export async function readCatalog(locale: string): Promise<TCatalogText> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), locale, 'messages.po');
  const parsed = await formatter().parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: linguiConfig.sourceLocale ?? 'en-GB',
    filename: file,
  });
  // Entries the extraction marked obsolete are no longer in the code.
  return Object.fromEntries(Object.entries(parsed).filter(([, entry]) => !entry.obsolete)) as TCatalogText;
}

// The problems of every shipped locale's catalog; none when all is well.
export async function allCatalogProblems(): Promise<string[]> {
  const sourceLocale = linguiConfig.sourceLocale!;
  const source = await readCatalog(sourceLocale);
  const shipped = linguiConfig.locales.filter(
    (locale) => locale !== sourceLocale && locale !== linguiConfig.pseudoLocale,
  );
  const problems: string[] = [];
  for (const locale of shipped) problems.push(...catalogProblems(locale, source, await readCatalog(locale)));
  return problems;
}
