// Dates arrive as the endorser's local calendar day (YYYY-MM-DD); formatting it as UTC midnight
// keeps the browser's own time zone from moving it to another day.
const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

// 'Friday 20 November 2026'
export function endorsementDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return DAY.format(new Date(Date.UTC(year, month - 1, date))).replace(',', '');
}

// Whether an endorsement arrived after the member's previous visit (all are new before the first).
export function isNewSince(createdAt: string, seenAt: string | null): boolean {
  return seenAt === null || Date.parse(createdAt) > Date.parse(seenAt);
}
