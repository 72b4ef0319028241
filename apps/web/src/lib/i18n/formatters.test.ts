import { describe, expect, it, vi } from 'vitest';
import {
  cachedFormatterCount,
  dateTimeFormat,
  formatPercent,
  numberFormat,
  prepareNumberFormats,
  relativeTimeFormat,
} from './formatters.ts';

describe('Intl formatters', () => {
  it('makes each formatter once per locale and options, and reuses it', () => {
    const before = cachedFormatterCount();
    const first = dateTimeFormat('de-DE', { dateStyle: 'long' });
    expect(dateTimeFormat('de-DE', { dateStyle: 'long' })).toBe(first);
    expect(cachedFormatterCount()).toBe(before + 1);

    expect(dateTimeFormat('fr-FR', { dateStyle: 'long' })).not.toBe(first);
    expect(dateTimeFormat('de-DE', { dateStyle: 'short' })).not.toBe(first);
    expect(numberFormat('de-DE', { style: 'percent' })).toBe(numberFormat('de-DE', { style: 'percent' }));
    expect(relativeTimeFormat('ja-JP')).toBe(relativeTimeFormat('ja-JP'));
    expect(cachedFormatterCount()).toBe(before + 5);
  });

  it("makes a locale's first number formatter in a task of its own, kept for the screens", () => {
    vi.useFakeTimers();
    try {
      const before = cachedFormatterCount();
      prepareNumberFormats('sv-SE');
      // Not in the task that shows the locale (the first render's task may follow it).
      expect(cachedFormatterCount()).toBe(before);
      vi.runOnlyPendingTimers();
      expect(cachedFormatterCount()).toBe(before + 1);
      numberFormat('sv-SE');
      expect(cachedFormatterCount()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('formats in the locale', () => {
    const date = new Date(Date.UTC(2026, 10, 28, 12));
    expect(dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(date)).toBe('28. November 2026');
    expect(dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date)).toBe('November 28, 2026');
    expect(dateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date)).toBe('28 November 2026');
    expect(numberFormat('de-DE').format(1234.5)).toBe('1.234,5');
    expect(formatPercent('de-DE', 0.42)).toBe('42\u00a0%');
    expect(formatPercent('en-GB', 0.425, 1)).toBe('42.5%');
    expect(relativeTimeFormat('en-GB').format(-2, 'day')).toBe('2 days ago');
    expect(relativeTimeFormat('de-DE').format(-1, 'day')).toBe('gestern');
  });

  it('formats the pseudo-locale as the source locale', () => {
    expect(numberFormat('pseudo-LOCALE').format(1234.5)).toBe('1,234.5');
  });
});
