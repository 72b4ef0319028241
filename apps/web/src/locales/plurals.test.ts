import { setupI18n } from '@lingui/core';
import { parse, type Content, type Select, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../lib/i18n/catalogs.ts';
import { SUPPORTED_LOCALES } from '../lib/i18n/locales.ts';
import { readCatalog } from './check-catalogs.ts';

// Counted messages in every shipped locale: each has a case for every plural category its language
// needs (Arabic has six, Japanese one), and shows the case of the count's category, with the count,
// at counts that fall in different categories across languages.
const COUNTS = [0, 1, 2, 5, 21, 101];

// Each message with one count's plural (words and placeholders around it, nested selects in its
// cases), and its tokens.
function countedMessage(text: string): { plural: Select; tokens: Token[] } | null {
  const tokens = parse(text, { strictPluralKeys: false });
  const plurals = tokens.filter((token): token is Select => token.type === 'plural');
  return plurals.length === 1 ? { plural: plurals[0]!, tokens } : null;
}

// The names of a message's other placeholders, so it renders.
function argumentsOf(tokens: Token[], names = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      names.add(token.arg);
      for (const branch of token.cases) argumentsOf(branch.tokens, names);
    }
  }
  return names;
}

// The longest run of plain words in a case: it must be in the rendered text when that case is used.
function wordsOf(tokens: Token[]): string {
  const runs = tokens.filter((token): token is Content => token.type === 'content').map((token) => token.value.trim());
  return runs.sort((a, b) => b.length - a.length)[0] ?? '';
}

describe.each(SUPPORTED_LOCALES)('counted messages in %s', (locale) => {
  it(`have every plural category of ${locale} and show the right one at ${COUNTS.join(', ')}`, async () => {
    const i18n = setupI18n({ locale, messages: { [locale]: await loadCatalog(locale) } });
    const rules = new Intl.PluralRules(locale);
    const needed = rules.resolvedOptions().pluralCategories;
    const number = new Intl.NumberFormat(locale);
    const catalog = await readCatalog(locale);
    let checked = 0;
    for (const [id, entry] of Object.entries(catalog)) {
      const text = entry.translation!;
      const counted = countedMessage(text);
      if (!counted) continue;
      const { plural, tokens } = counted;
      const keys = plural.cases.map((branch) => branch.key);
      expect.soft(keys, `"${text}" in ${locale}`).toEqual(expect.arrayContaining([...needed]));

      const others = Object.fromEntries([...argumentsOf(tokens)].map((name) => [name, `‹${name}›`]));
      for (const count of COUNTS) {
        const rendered = i18n._(id, { ...others, [plural.arg]: count });
        const category = rules.select(count);
        const branch =
          plural.cases.find((candidate) => candidate.key === `=${count}`) ??
          plural.cases.find((candidate) => candidate.key === category) ??
          plural.cases.find((candidate) => candidate.key === 'other')!;
        const where = `"${text}" at ${count} (${category}) in ${locale}: "${rendered}"`;
        expect.soft(rendered, where).toContain(wordsOf(branch.tokens));
        if (branch.tokens.some((token) => token.type === 'octothorpe')) {
          expect.soft(rendered, where).toContain(number.format(count));
        }
      }
      checked += 1;
    }
    // The app's counted messages (habits, days, people, ...) are all checked, not none.
    expect(checked).toBeGreaterThan(20);
  });
});
