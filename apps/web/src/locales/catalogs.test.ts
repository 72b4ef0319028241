import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../lib/i18n/locales.ts';
import linguiConfig from '../../lingui.config.ts';
import { allCatalogProblems, catalogProblems, readCatalog } from './check-catalogs.ts';

describe('translation catalogs', () => {
  it('have every message in every shipped locale', async () => {
    expect(await allCatalogProblems()).toEqual([]);
  });

  it('ship the locales the language menu offers', () => {
    expect(linguiConfig.locales.filter((locale) => locale !== linguiConfig.pseudoLocale)).toEqual([
      ...SUPPORTED_LOCALES,
    ]);
  });

  it('keep the source texts that the product quotes', async () => {
    const source = Object.values(await readCatalog('en-GB')).map((entry) => entry.translation);
    expect(source).toEqual(
      expect.arrayContaining([
        'Login with Corporate Account',
        'Login With Google',
        'Coming Soon',
        'Login with HabiTrack Account',
        'Leadership Excellence Programme',
        'Welcome, {displayName}',
      ]),
    );
  });

  it('report a missing, an empty and a stray translation, and a placeholder that differs', () => {
    const source = {
      a: { message: 'Welcome, {displayName}', translation: 'Welcome, {displayName}' },
      b: { message: 'Logout', translation: 'Logout' },
      c: { message: 'My data', translation: 'My data' },
    };
    expect(
      catalogProblems('de-DE', source, {
        a: { message: 'Welcome, {displayName}', translation: 'Hallo {name}' },
        b: { message: 'Logout', translation: '' },
        d: { message: 'Gone', translation: 'Weg' },
      }),
    ).toEqual([
      'de-DE: "Hallo {name}" uses {name} where "Welcome, {displayName}" uses {displayName}',
      'de-DE: no translation of "Logout"',
      'de-DE: no translation of "My data"',
      'de-DE: "Gone" is not in the source catalog',
    ]);
  });

  it('read the words of a plural or select case as text, and refuse a message that is not ICU', () => {
    const source = {
      a: {
        message: '{count, plural, one {Move # person} other {Move # people}}',
        translation: '{count, plural, one {Move # person} other {Move # people}}',
      },
      b: {
        message: '{role, select, leader {Leader} other {Member}}',
        translation: '{role, select, leader {Leader} other {Member}}',
      },
      c: {
        message: '{count, plural, one {# day} other {# days}}',
        translation: '{count, plural, one {# day} other {# days}}',
      },
    };
    expect(
      catalogProblems('ar', source, {
        a: {
          translation:
            '{count, plural, zero {لا أحد} one {نقل شخص واحد} two {نقل شخصين} few {نقل # أشخاص} many {نقل # شخصًا} other {نقل # شخص}}',
        },
        b: { translation: '{role, select, leader {قائد} other {عضو}}' },
        c: { translation: '{count, plural, one {# يوم} other {# أيام' },
      }),
    ).toEqual(['ar: "{count, plural, one {# يوم} other {# أيام" is not a valid ICU message']);
    expect(
      catalogProblems('de-DE', source, {
        a: { translation: '{n, plural, one {# Person verschieben} other {# Personen verschieben}}' },
        b: { translation: '{role, select, leader {Führungskraft} other {Mitglied}}' },
        c: { translation: '{count, plural, one {# Tag} other {# Tage}}' },
      }),
    ).toEqual([
      'de-DE: "{n, plural, one {# Person verschieben} other {# Personen verschieben}}" uses {n} where "{count, plural, one {Move # person} other {Move # people}}" uses {count}',
    ]);
  });
});
