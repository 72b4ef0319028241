import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './i18n.ts';

describe('activateLocale', () => {
  it('ends on the language picked last, even when an earlier pick’s catalog arrives after it', async () => {
    await activateLocale('en-GB');
    // Japanese is not loaded yet: its catalog arrives after British English is picked again.
    const japanese = activateLocale('ja-JP');
    const british = activateLocale('en-GB');
    await Promise.all([japanese, british]);
    expect(i18n.locale).toBe('en-GB');
    expect(document.documentElement.lang).toBe('en-GB');
    // Picked on its own, it shows.
    await activateLocale('ja-JP');
    expect(i18n.locale).toBe('ja-JP');
  });
});
