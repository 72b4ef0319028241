import { ENDORSE_ONCE_PER_DAY } from '@habitrack/contracts/social/endorse-member';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http.ts';
import { activateLocale, i18n } from './i18n/i18n.ts';
import { refusalDetailText, refusalText, refusalTextOr } from './refusal-text.ts';

const conflict = (detail: string) => new HttpError(409, detail);

describe("the words for the API's refusals", () => {
  it("show the server's own sentence in English", async () => {
    expect(refusalText(i18n, conflict(ENDORSE_ONCE_PER_DAY))).toBe('You can only endorse this user once per day');
    expect(refusalText(i18n, conflict('Habit is paused on 2026-11-20'))).toBe('Habit is paused on 2026-11-20');
    await activateLocale('en-US');
    expect(refusalText(i18n, conflict('Habit is paused on 2026-11-20'))).toBe('Habit is paused on 2026-11-20');
  });

  it('keep English sentences off other screens: a known refusal in its words, any other by its status', async () => {
    await activateLocale('de-DE');
    expect(refusalText(i18n, conflict(ENDORSE_ONCE_PER_DAY))).toBe(
      'Sie können diese Person nur einmal pro Tag anerkennen',
    );
    expect(refusalText(i18n, conflict('Habit is paused on 2026-11-20'))).toBe(
      'Das ist gerade nicht möglich: In der Zwischenzeit hat sich etwas geändert. Laden Sie die Seite neu und versuchen Sie es erneut.',
    );
    expect(refusalText(i18n, new HttpError(403, 'Only leaders can do this'))).toBe('Dazu sind Sie nicht berechtigt.');
    expect(refusalDetailText(i18n, 418, 'I am a teapot')).toBe(
      'HabiTrack hat das abgelehnt. Laden Sie die Seite neu und versuchen Sie es erneut.',
    );
    await activateLocale('ja-JP');
    expect(refusalText(i18n, new HttpError(429, 'Too many requests'))).toBe(
      '短時間に試行が多すぎます。しばらく待ってから、もう一度お試しください。',
    );
  });

  it("leave a server failure, no answer, or a refusal without a detail to the screen's own sentence", () => {
    expect(refusalText(i18n, new HttpError(503, 'The service is temporarily unavailable.'))).toBeNull();
    expect(refusalText(i18n, new HttpError(409))).toBeNull();
    expect(refusalText(i18n, new TypeError('Failed to fetch'))).toBeNull();
    expect(refusalTextOr(i18n, new TypeError('Failed to fetch'), 'Check your connection.')).toBe(
      'Check your connection.',
    );
  });
});
