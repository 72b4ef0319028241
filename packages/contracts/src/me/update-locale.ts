import { z } from 'zod';
import { LOCALE_ERROR, ZLocale } from '../common/locale-field.ts';
import { SUPPORTED_LOCALES } from '../common/locales.ts';

// PUT /api/v1/me/locale: the member's own choice of language (docs/domain/locales.md), or null to
// clear it (then their directory's, their browser's or their organisation's language applies).
// A locale HabiTrack does not speak is 400 and changes nothing.
export const ZUpdateLocaleRequest = z.strictObject({
  locale: z.enum(SUPPORTED_LOCALES, { error: `${LOCALE_ERROR}, or null to clear the choice` }).nullable(),
});
export type TUpdateLocaleRequest = z.infer<typeof ZUpdateLocaleRequest>;

// The answer: the locale the caller now reads (resolved for this request) and their own choice.
export const ZLocaleResponse = z.object({
  locale: ZLocale,
  chosen_locale: ZLocale.nullable(),
});
export type TLocaleResponse = z.infer<typeof ZLocaleResponse>;
