import { fullDate } from '../../../lib/calendar-day.ts';

// 'Friday 20 November 2026' (the endorser's local calendar day, YYYY-MM-DD)
export function endorsementDay(day: string): string {
  return fullDate(day);
}

// Whether an endorsement arrived after the member's previous visit (all are new before the first).
export function isNewSince(createdAt: string, seenAt: string | null): boolean {
  return seenAt === null || Date.parse(createdAt) > Date.parse(seenAt);
}
