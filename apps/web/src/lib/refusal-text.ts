import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { EXPORTS_PER_HOUR, TOO_MANY_EXPORTS } from '@habitrack/contracts/me/export-my-data';
import {
  CANNOT_ENDORSE_SELF,
  ENDORSE_ONCE_PER_DAY,
  NO_ACTIVE_HABITS_TO_ENDORSE,
} from '@habitrack/contracts/social/endorse-member';
import { HttpError } from './http.ts';

// What to tell a person about a refusal from the API (docs/decisions/021-internationalisation-with-
// lingui.md#the-apis-refusals). The API answers with a status and an English `detail`, without a
// stable code: in English (en-GB, en-US) the detail is shown as it is, since it says exactly what
// to change; in any other locale a detail the app knows is shown in its catalog's words, any other
// refusal by a sentence for its status, so no English sentence lands on a German screen. A server
// failure (5xx) or no answer at all gets the caller's own sentence.

// The API's details the app knows: the contracts name them, so they serve as codes (the product
// quotes the first). A detail the API rewords falls back to its status's sentence.
const KNOWN_DETAILS: Record<string, MessageDescriptor> = {
  [ENDORSE_ONCE_PER_DAY]: msg`You can only endorse this user once per day`,
  [NO_ACTIVE_HABITS_TO_ENDORSE]: msg`No active habits to endorse`,
  [CANNOT_ENDORSE_SELF]: msg`You cannot endorse yourself`,
  [TOO_MANY_EXPORTS]: msg`${plural(EXPORTS_PER_HOUR, {
    one: 'You can download your data once per hour. Please try again later.',
    other: 'You can download your data # times per hour. Please try again later.',
  })}`,
};

const BY_STATUS: Record<number, MessageDescriptor> = {
  400: msg`HabiTrack could not accept this. Check what you entered and try again.`,
  403: msg`You are not allowed to do this.`,
  404: msg`This was not found. It may have been removed.`,
  409: msg`This cannot be done right now: something changed in the meantime. Reload the page and try again.`,
  413: msg`This is too large to send.`,
  422: msg`HabiTrack could not accept this. Check what you entered and try again.`,
  429: msg`Too many attempts in a short time. Please wait a moment and try again.`,
};

const OTHER_REFUSAL = msg`HabiTrack refused this. Reload the page and try again.`;

function isEnglish(locale: string): boolean {
  return locale === 'en-GB' || locale === 'en-US';
}

// The sentence for the API's refusal of a call in the active locale, or null when the call did not
// end in a refusal the person can act on (no answer, a server failure, a refusal without a detail):
// callers then show their own sentence.
export function refusalText(i18n: I18n, error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status >= 500 || !error.detail) return null;
  return refusalDetailText(i18n, error.status, error.detail);
}

// The same for a refusal kept as its status and detail (a check-in refused while offline, stored on
// the device).
export function refusalDetailText(i18n: I18n, status: number, detail: string): string {
  if (isEnglish(i18n.locale)) return detail;
  const known = KNOWN_DETAILS[detail];
  return i18n._(known ?? BY_STATUS[status] ?? OTHER_REFUSAL);
}

// refusalText, else the caller's sentence.
export function refusalTextOr(i18n: I18n, error: unknown, fallback: string): string {
  return refusalText(i18n, error) ?? fallback;
}
