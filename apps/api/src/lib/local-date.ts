// Calendar dates as YYYY-MM-DD strings, the same form the date columns use (mode: 'string').

// Building an Intl.DateTimeFormat is far dearer than using one: one per time zone, kept. The map
// is bounded by the time zones the API accepts (the IANA list, a few hundred).
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

// The last date computed per time zone, with the UTC minute it was computed for. Every time zone
// in use today is offset from UTC by whole minutes, so a date cannot change within a UTC minute:
// the requests of one minute share one formatting per zone.
const lastDates = new Map<string, { minute: number; date: string }>();

// The user's local date at `instant`: "today" is always the user's day
// (docs/domain/days-and-time-zones.md#the-members-local-date).
export function localDate(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDates.get(timeZone);
  if (last?.minute === minute) return last.date;
  let year = '';
  let month = '';
  let day = '';
  for (const part of dateFormat(timeZone).formatToParts(instant)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  const date = `${year}-${month}-${day}`;
  lastDates.set(timeZone, { minute, date });
  return date;
}

// Calendar arithmetic done in UTC so daylight-saving changes cannot skip or repeat a date.
// Every month has days 1 to 28, so a result among them only changes the day; otherwise Date.UTC
// carries a day past the month's end into the next month (and back before the 1st).
export function addDays(date: string, days: number): string {
  const day = Number(date.slice(8, 10)) + days;
  if (day >= 1 && day <= 28) return `${date.slice(0, 8)}${day < 10 ? '0' : ''}${day}`;
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

// Every date from `from` to `to`, both included.
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
