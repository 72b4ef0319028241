import { z } from 'zod';
import { SUPPORTED_LOCALES } from './locales.ts';

// A locale HabiTrack speaks, as requests and answers carry it (docs/domain/locales.md). Kept apart
// from locales.ts, which the web app's first chunk imports without zod.
export const LOCALE_ERROR = `must be one of the locales HabiTrack speaks: ${SUPPORTED_LOCALES.join(', ')}`;

export const ZLocale = z.enum(SUPPORTED_LOCALES, { error: LOCALE_ERROR });
