import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLocale, preferredLocale } from './i18n.ts';
import { createWebConfig } from '../../test/web-config.ts';
import { directionOf, negotiateLocale } from './locales.ts';

describe('negotiateLocale', () => {
  it('takes an exact match, case aside', () => {
    expect(negotiateLocale(['de-DE'])).toBe('de-DE');
    expect(negotiateLocale(['en-us'])).toBe('en-US');
    expect(negotiateLocale(['ar'])).toBe('ar');
  });

  it('takes the locale a language stands for when the region is not shipped', () => {
    expect(negotiateLocale(['de-AT'])).toBe('de-DE');
    expect(negotiateLocale(['en'])).toBe('en-GB');
    expect(negotiateLocale(['en-AU'])).toBe('en-GB');
    expect(negotiateLocale(['pt'])).toBe('pt-BR');
    expect(negotiateLocale(['pt-PT'])).toBe('pt-BR');
    expect(negotiateLocale(['fr-CA'])).toBe('fr-FR');
    expect(negotiateLocale(['ar-EG'])).toBe('ar');
    expect(negotiateLocale(['ja'])).toBe('ja-JP');
    expect(negotiateLocale(['nl_BE'])).toBe('nl-NL');
  });

  it('takes the first wanted language the app ships, else en-GB', () => {
    expect(negotiateLocale(['sv-SE', 'it', 'es-MX', 'de'])).toBe('es-ES');
    expect(negotiateLocale(['sv-SE', 'pl'])).toBe('en-GB');
    expect(negotiateLocale([])).toBe('en-GB');
  });

  it('reads Arabic right to left, the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ja-JP')).toBe('ltr');
    expect(directionOf('pseudo-LOCALE')).toBe('ltr');
  });
});

describe('preferredLocale', () => {
  afterEach(() => vi.restoreAllMocks());

  const browserWants = (languages: string[]) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  };

  it("follows the browser's languages while the member has chosen none", () => {
    browserWants(['de-AT', 'en']);
    expect(preferredLocale()).toBe('de-DE');
  });

  it("takes the member's own choice before the browser's languages", async () => {
    browserWants(['de-AT', 'en']);
    await chooseLocale('ja-JP');
    expect(preferredLocale()).toBe('ja-JP');
  });

  it('ignores a stored choice that is not a shipped locale', () => {
    browserWants(['fr-BE']);
    localStorage.setItem('locale', JSON.stringify('xx-YY'));
    expect(preferredLocale()).toBe('fr-FR');
  });

  it('takes a stored pseudo-locale only where developer tools are on', () => {
    browserWants(['de-DE']);
    localStorage.setItem('locale', JSON.stringify('pseudo-LOCALE'));
    expect(preferredLocale(createWebConfig({ devTools: true }))).toBe('pseudo-LOCALE');
    expect(preferredLocale(createWebConfig({ devTools: false }))).toBe('de-DE');
    expect(preferredLocale(undefined)).toBe('de-DE');
  });

  it("falls back to en-GB when none of the browser's languages is shipped", () => {
    browserWants(['sv-SE', 'fi']);
    expect(preferredLocale()).toBe('en-GB');
  });
});
