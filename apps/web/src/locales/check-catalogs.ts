import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { parse, type Token } from '@messageformat/parser';
import linguiConfig from '../../lingui.config.ts';

// The check that every shipped locale has every message (run by `npm test`, catalogs.test.ts; the
// build fails on a missing one as well, lingui-vite.ts). Against the source catalog (en-GB, which
// `npm run i18n:extract` fills from the code): each other locale but the pseudo-locale has the same
// messages, none untranslated, and each translation uses the same placeholders as its source text.

const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type TCatalogText = Record<string, { message?: string; translation?: string }>;

// The names of the placeholders and ICU arguments ({name}, {count, plural, …}) a message uses,
// read by an ICU parser, so the words of a plural or select case ("one {# habit}") are text, not
// placeholders; null when the text is not a valid ICU message. Plural keys differ by language
// (Arabic has "few", Japanese only "other"), so any key is accepted here.
function placeholdersOf(text: string): string[] | null {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') names.add(token.arg);
      else if (token.type === 'function') {
        names.add(token.arg);
        if (token.param) visit(token.param);
      } else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  try {
    visit(parse(text, { strictPluralKeys: false }));
  } catch {
    return null;
  }
  return [...names].sort();
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
    const found = placeholdersOf(translation)?.join(', ');
    if (found === undefined) {
      problems.push(`${locale}: "${translation}" is not a valid ICU message`);
      continue;
    }
    const wanted = placeholdersOf(sourceText)?.join(', ');
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

// What `npm run i18n:extract` would change in the source catalog: a message of the code that it
// lacks, one it keeps that the code no longer has, or a source text that differs from the code's.
// Extracts from the code as the command does (the same config), without writing anything.
export async function extractionDrift(): Promise<string[]> {
  const config = getConfig({ configPath: path.join(webRoot, 'lingui.config.ts'), skipValidation: true });
  const sourceLocale = config.sourceLocale ?? 'en-GB';
  const problems: string[] = [];
  const source = await readCatalog(sourceLocale);
  for (const catalog of await getCatalogs(config)) {
    const extracted = (await catalog.collect()) ?? {};
    for (const [id, entry] of Object.entries(extracted)) {
      const kept = source[id];
      if (!kept) problems.push(`"${entry.message ?? id}" is in the code but not in the ${sourceLocale} catalog`);
      else if (entry.message !== undefined && (kept.translation || kept.message) !== entry.message) {
        problems.push(`"${entry.message}" reads "${kept.translation || kept.message}" in the ${sourceLocale} catalog`);
      }
    }
    for (const [id, entry] of Object.entries(source)) {
      if (!(id in extracted))
        problems.push(`"${entry.message ?? id}" is in the ${sourceLocale} catalog but no longer in the code`);
    }
  }
  return problems;
}
