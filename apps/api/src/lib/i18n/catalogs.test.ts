import { describe, expect, it } from 'vitest';
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from '@habitrack/contracts/common/locales';
import linguiConfig from '../../../lingui.config.ts';
import { i18nFor, readCatalog } from './catalogs.ts';
import { allCatalogProblems, catalogProblems, messagesInCode } from './testing/check-catalogs.ts';

describe("the API's translation catalogs", () => {
  it('have every message in every shipped locale, with the source placeholders, each compiling', () => {
    expect(allCatalogProblems()).toEqual([]);
  });

  it('hold exactly the messages of the code, with its texts (npm run i18n:extract is up to date)', async () => {
    expect(readCatalog(SOURCE_LOCALE)).toEqual(await messagesInCode());
  }, 60_000);

  it('are the shipped locales', () => {
    expect(linguiConfig.locales).toEqual([...SUPPORTED_LOCALES]);
    for (const locale of SUPPORTED_LOCALES) expect(i18nFor(locale).locale).toBe(locale);
  });

  it('report a missing, an empty and a stray translation, a placeholder that differs and a broken message', () => {
    const source = {
      a: 'Hello {name},',
      b: 'Check-ins',
      c: 'Thank you,',
      d: '{count, plural, one {# day} other {# days}}',
      e: '{count, plural, one {# day} other {# days}}',
      g: 'Endorsements received: {count, number}',
    };
    expect(
      catalogProblems('de-DE', source, {
        a: 'Hallo {nom},',
        b: '',
        d: '{count, plural, one {# Tag} other {# Tage}}',
        e: '{count, plural, one {# Tag} other {# Tage}',
        f: 'Weg',
        g: 'Erhaltene Anerkennungen: {count}',
      }),
    ).toEqual([
      'de-DE: a "Hallo {nom}," uses {nom} where the source uses {name}',
      'de-DE: no translation of b "Check-ins"',
      'de-DE: no translation of c "Thank you,"',
      'de-DE: e "{count, plural, one {# Tag} other {# Tage}" is not a valid ICU message',
      'de-DE: g "Erhaltene Anerkennungen: {count}" uses {count} where the source uses {count, number}',
      'de-DE: f is not in the source catalog',
    ]);
    // Arabic's six plural forms and Japanese's one are each complete.
    expect(
      catalogProblems(
        'ar',
        { d: source.d },
        { d: '{count, plural, zero {# يوم} one {يوم واحد} two {يومان} few {# أيام} many {# يومًا} other {# يوم}}' },
      ),
    ).toEqual([]);
    expect(catalogProblems('ja-JP', { d: source.d }, { d: '{count, plural, other {# 日}}' })).toEqual([]);
  });
});
