import { describe, expect, it } from 'vitest';
import { acceptedLanguages, matchLocale, negotiateLocale, resolveLocale } from './locales.ts';

describe('locales', () => {
  it('reads Accept-Language by quality, leaving out q=0 and *', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('de;q=0.5, ja')).toEqual(['ja', 'de']);
    expect(acceptedLanguages('es;q=0, nl')).toEqual(['nl']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('matches a tag exactly, else by its language', () => {
    expect(matchLocale('de-de')).toBe('de-DE');
    expect(matchLocale('pt_PT')).toBe('pt-BR');
    expect(matchLocale('ar-EG')).toBe('ar');
    expect(matchLocale('sv-SE')).toBeUndefined();
    expect(negotiateLocale(['sv', 'en-AU'])).toBe('en-GB');
  });

  it('takes the member, then the directory, then the browser, then the organisation', () => {
    const all = { chosen: 'ja-JP', directory: 'fr-FR', acceptLanguage: 'de', organisationDefault: 'nl-NL' };
    expect(resolveLocale(all)).toBe('ja-JP');
    expect(resolveLocale({ ...all, chosen: null })).toBe('fr-FR');
    expect(resolveLocale({ ...all, chosen: null, directory: null })).toBe('de-DE');
    expect(resolveLocale({ ...all, chosen: null, directory: null, acceptLanguage: 'sv, fi' })).toBe('nl-NL');
    expect(resolveLocale({})).toBe('en-GB');
  });
});
