import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The five moods' names in the member's language, by the mood's value (the scale's English labels,
// MOOD_SCALE, are the source texts).
export const MOOD_LABELS: Record<1 | 2 | 3 | 4 | 5, MessageDescriptor> = {
  1: msg`Awful`,
  2: msg`Not good`,
  3: msg`Fine`,
  4: msg`Good`,
  5: msg`Great`,
};
