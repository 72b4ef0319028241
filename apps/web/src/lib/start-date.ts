// Goals are read-only from the programme's starts_at on
// (docs/domain/leaders-goals-kpis.md#the-start-date-lock); the server refuses writes with 409
// anyway, this only spares the leader a form that cannot be saved.
export function hasProgrammeStarted(startsAt: string | null, now: Date = new Date()): boolean {
  return startsAt !== null && new Date(startsAt).getTime() <= now.getTime();
}

// In the reader's own locale and calendar, like every other date the app shows.
export function formatStartDate(startsAt: string | null, locale?: string): string {
  if (startsAt === null) return 'Not set';
  return new Date(startsAt).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}
