import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from '@habitrack/contracts/common/locales';
import { readCatalog } from '../catalogs.ts';

// The checks of the API's catalogs (catalogs.test.ts, part of `npm test`): the source catalog holds
// exactly the messages the code has, with the code's texts; every shipped locale translates each of
// them, with the same placeholders, in a message that compiles.

export type Catalog = Record<string, string>;

// The names of a message's placeholders and ICU arguments ({name}, {count, number},
// {count, plural, …}), read by an ICU parser so the words of a plural case are text; null when the
// text is not a valid ICU message.
// Plural keys differ by language (Arabic has "few", Japanese only "other"): any key is accepted.
export function placeholdersOf(text: string): string[] | null {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') names.add(token.arg);
      else if (token.type === 'function') {
        // A formatted argument keeps its format: "{count, number}" is not "{count}".
        names.add(`${token.arg}, ${token.key}`);
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

export function catalogProblems(locale: string, source: Catalog, translated: Catalog): string[] {
  const problems: string[] = [];
  for (const [id, sourceText] of Object.entries(source)) {
    const translation = translated[id];
    if (!translation) {
      problems.push(`${locale}: no translation of ${id} "${sourceText}"`);
      continue;
    }
    const found = placeholdersOf(translation);
    if (!found) {
      problems.push(`${locale}: ${id} "${translation}" is not a valid ICU message`);
      continue;
    }
    const wanted = placeholdersOf(sourceText)?.join(', ');
    if (found.join(', ') !== wanted) {
      problems.push(`${locale}: ${id} "${translation}" uses {${found.join(', ')}} where the source uses {${wanted}}`);
    }
    try {
      compileMessage(translation);
    } catch (error) {
      problems.push(`${locale}: ${id} does not compile: ${(error as Error).message}`);
    }
  }
  for (const id of Object.keys(translated)) {
    if (!(id in source)) problems.push(`${locale}: ${id} is not in the source catalog`);
  }
  return problems;
}

// Every shipped locale's problems against the source catalog; none when all is well.
export function allCatalogProblems(): string[] {
  const source = readCatalog(SOURCE_LOCALE);
  const problems = catalogProblems(SOURCE_LOCALE, source, source);
  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
    problems.push(...catalogProblems(locale, source, readCatalog(locale)));
  }
  return problems;
}

// The messages the code holds now, as `npm run i18n:extract` finds them: id and source text.
export async function messagesInCode(): Promise<Catalog> {
  const config = getConfig({ configPath: fileURLToPath(new URL('../../../../lingui.config.ts', import.meta.url)) });
  const [catalog] = await getCatalogs(config);
  const extracted = (await catalog!.collect()) ?? {};
  return Object.fromEntries(Object.entries(extracted).map(([id, entry]) => [id, entry.message ?? '']));
}
