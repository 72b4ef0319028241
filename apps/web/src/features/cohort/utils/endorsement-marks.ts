import { z } from 'zod';
import { toDayKey } from '../../../lib/dates.ts';
import { storedItem } from '../../../lib/storage.ts';

// Day key -> the marks of endorsements given on this device that day.
const marks = storedItem('endorsementMarks', z.record(z.string(), z.array(z.string())));

// Marks are kept per endorser as well as per endorsed member: on a shared computer, one person's
// endorsement must not disable the button for the next person who signs in.
function markId(endorserId: string | undefined, endorsedId: string): string {
  return `${endorserId ?? 'unknown'}:${endorsedId}`;
}

export function isMarkedEndorsed(options: { endorserId: string | undefined; endorsedId: string; today?: string }) {
  const today = options.today ?? toDayKey();
  return marks.read()?.[today]?.includes(markId(options.endorserId, options.endorsedId)) ?? false;
}

export function saveEndorsedMark(options: { endorserId: string | undefined; endorsedId: string; today?: string }) {
  const today = options.today ?? toDayKey();
  const id = markId(options.endorserId, options.endorsedId);
  const todays = marks.read()?.[today] ?? [];
  if (todays.includes(id)) return;
  // Only the given day matters (once per target per day), so older days are dropped.
  marks.write({ [today]: [...todays, id] });
}

// The Reset developer tool (app/progress-data.ts).
export function clearEndorsementMarks(): void {
  marks.remove();
}
