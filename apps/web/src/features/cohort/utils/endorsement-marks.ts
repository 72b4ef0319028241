import { toDayKey } from '../../../lib/dates.ts';
import { hasEndorsed, markEndorsed } from '../../../lib/storage.ts';

// Marks are kept per endorser as well as per endorsed member: on a shared computer, one person's
// endorsement must not disable the button for the next person who signs in.
function markId(endorserId: string | undefined, endorsedId: string): string {
  return `${endorserId ?? 'unknown'}:${endorsedId}`;
}

export function isMarkedEndorsed(options: { endorserId: string | undefined; endorsedId: string; today?: string }) {
  return hasEndorsed(markId(options.endorserId, options.endorsedId), options.today ?? toDayKey());
}

export function saveEndorsedMark(options: { endorserId: string | undefined; endorsedId: string; today?: string }) {
  markEndorsed(markId(options.endorserId, options.endorsedId), options.today ?? toDayKey());
}
