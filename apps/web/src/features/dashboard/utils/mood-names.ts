import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// A day's mood named in the member's language, by its value (the API's English label is the source
// text); a skipped day has no value.
const MOOD_NAMES: Record<number, MessageDescriptor> = {
  1: msg`Awful`,
  2: msg`Not good`,
  3: msg`Fine`,
  4: msg`Good`,
  5: msg`Great`,
};
export const SKIPPED = msg`Skipped`;

export function moodName(value: number | null): MessageDescriptor | undefined {
  return value === null ? SKIPPED : MOOD_NAMES[value];
}
