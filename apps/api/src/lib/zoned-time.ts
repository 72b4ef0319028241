// Wall-clock times in an IANA time zone, for things that happen "at 08:00 where the member is"
// (docs/decisions/015-reminders.md). Dates are YYYY-MM-DD, times HH:MM, as the rest of the API.

const SECOND = 1000;
const DAY = 86_400_000;

// One formatter per zone (building one is far dearer than using one), bounded by the zones in use.
const formats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

// The wall clock shown in `timeZone` at `ms` (whole seconds), written as if it were a UTC instant,
// so two wall clocks compare as numbers.
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallFormat(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

// How far the zone's wall clock is ahead of UTC at the instant `ms`.
function offsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / SECOND) * SECOND;
  return wallClockMs(whole, timeZone) - whole;
}

// The first instant at which the wall clock in `timeZone` reads `time` or later on `date`:
// - a time that exists once: that instant;
// - a time that occurs twice (the clocks go back): the first of the two;
// - a time that does not exist (the clocks go forward over it): the first instant after the gap,
//   e.g. 02:30 on a day New York jumps from 02:00 to 03:00 gives 03:00.
export function firstInstantAt(options: { date: string; time: string; timeZone: string }): Date {
  const { date, time, timeZone } = options;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets in force around that day: a zone changes its offset at most once within two days.
  const offsets = [
    ...new Set([offsetMs(wall - DAY, timeZone), offsetMs(wall, timeZone), offsetMs(wall + DAY, timeZone)]),
  ];
  const exact = offsets.map((offset) => wall - offset).filter((ms) => wallClockMs(ms, timeZone) === wall);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // In a gap: between these two instants the wall clock only moves forward (one jump), from
  // before `wall` to after it. The jump is the first instant at or after `wall`.
  let before = wall - Math.max(...offsets);
  let after = wall - Math.min(...offsets);
  while (after - before > SECOND) {
    const middle = before + Math.floor((after - before) / 2 / SECOND) * SECOND;
    if (wallClockMs(middle, timeZone) >= wall) after = middle;
    else before = middle;
  }
  return new Date(after);
}

// ISO weekday of a YYYY-MM-DD date: 1 = Monday ... 7 = Sunday.
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
