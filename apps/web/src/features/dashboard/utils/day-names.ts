// Dates arrive as the member's local calendar days (YYYY-MM-DD); formatting them as UTC midnight
// keeps the browser's own time zone from shifting them to the previous day.
function toUtcDate(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

const SHORT = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

// 'Mon'
export function shortDayName(day: string): string {
  return SHORT.format(toUtcDate(day));
}

// 'Monday 13 October'
export function longDayName(day: string): string {
  return LONG.format(toUtcDate(day)).replace(',', '');
}
