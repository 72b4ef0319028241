// A member's calendar day (YYYY-MM-DD: their local date, not an instant) in British English words.
// The app speaks British English only, so the names are written out here rather than asked of
// Intl.DateTimeFormat: a page's first Intl formatter costs the browser 40 to 80 ms of main thread
// (it loads its locale data), measured in Chromium on the dashboard's load. The results are the
// same as en-GB's formatters (calendar-day.test.ts compares them for every day of three years).
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// en-GB abbreviates September to four letters.
const SHORT_MONTHS = MONTHS.map((name) => (name === 'September' ? 'Sept' : name.slice(0, 3)));

function partsOf(day: string) {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month: month - 1, date, weekday: new Date(Date.UTC(year, month - 1, date)).getUTCDay() };
}

// 'Mon'
export function shortWeekday(day: string): string {
  return WEEKDAYS[partsOf(day).weekday]!.slice(0, 3);
}

// 'Monday 13 October'
export function weekdayDayMonth(day: string): string {
  const { month, date, weekday } = partsOf(day);
  return `${WEEKDAYS[weekday]} ${date} ${MONTHS[month]}`;
}

// 'Tuesday 24 November 2026'
export function fullDate(day: string): string {
  const { year, month, date, weekday } = partsOf(day);
  return `${WEEKDAYS[weekday]} ${date} ${MONTHS[month]} ${year}`;
}

// '24 Nov 2026'
export function shortDate(day: string): string {
  const { year, month, date } = partsOf(day);
  return `${date} ${SHORT_MONTHS[month]} ${year}`;
}
