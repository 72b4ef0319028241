import { describe, expect, it } from 'vitest';
import { cachedFormatterCount, formatLocalDate, formatWallTime } from './formatters.ts';

describe('formatters', () => {
  it('write local dates and wall-clock times as each locale does, whatever the server’s zone', () => {
    expect(formatLocalDate('en-GB', '2026-03-08')).toBe('Sunday 8 March');
    expect(formatLocalDate('de-DE', '2026-03-08')).toBe('Sonntag, 8. März');
    expect(formatLocalDate('en-US', '2026-03-08', false)).toBe('March 8');
    expect(formatWallTime('en-GB', '02:30')).toBe('02:30');
    expect(formatWallTime('en-US', '14:45')).toBe('02:45 PM');
  });

  it('make each formatter once per locale and options, however many e-mails use it', () => {
    formatLocalDate('fr-FR', '2026-01-01');
    formatWallTime('fr-FR', '08:00');
    const made = cachedFormatterCount();
    for (let day = 1; day <= 28; day++) {
      formatLocalDate('fr-FR', `2026-02-${String(day).padStart(2, '0')}`);
      formatWallTime('fr-FR', `${String(day % 24).padStart(2, '0')}:15`);
    }
    expect(cachedFormatterCount()).toBe(made);
  });
});
