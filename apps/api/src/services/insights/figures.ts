import { MIN_GROUP_SIZE, type TFigure, type TInsightPeriod } from '@habitrack/contracts/insights/get-insights';
import type { GroupWeekRow } from '../../db/queries/insights/insights.ts';
import { addDays } from '../../lib/local-date.ts';

// The arithmetic and the anonymity rules of the insights
// (docs/domain/privacy-and-suppression.md#the-threshold-of-five, decision 016), apart from any
// database: every figure is built by figure(), which never lets a number out when it stands on
// fewer than MIN_GROUP_SIZE distinct members.

export const SUPPRESSED: TFigure = { suppressed: true };
export const MAX_PROGRAMME_WEEKS = 104;

// A value that stands on `base` distinct members of a group of `groupSize`: shown when both are 0
// (nothing to identify) or at least the threshold, suppressed otherwise.
export function figure(value: number | null, base: number, groupSize: number): TFigure {
  const enough = (n: number) => n === 0 || n >= MIN_GROUP_SIZE;
  if (!enough(groupSize) || !enough(base)) return SUPPRESSED;
  return { suppressed: false, value };
}

export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;

// Complementary suppression: when exactly one group of a breakdown is suppressed, the next
// smallest shown group (with members) is suppressed too, so no figure follows by subtraction.
export function complement<T>(
  items: T[],
  options: { suppressed: (item: T) => boolean; size: (item: T) => number },
): Set<T> {
  const hidden = new Set(items.filter(options.suppressed));
  if (hidden.size !== 1) return hidden;
  const next = items
    .filter((item) => !hidden.has(item) && options.size(item) > 0)
    .sort((x, y) => options.size(x) - options.size(y))[0];
  if (next !== undefined) hidden.add(next);
  return hidden;
}

// The Monday of a local date's ISO week.
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

// Complete ISO weeks only: the week in progress would always look low. The whole programme runs
// from the week of its start (at most two years back); with no start (a programme without a start
// date before any activity, docs/domain/insights.md#periods-and-weeks) it has no week yet.
export function weeksOf(period: TInsightPeriod, options: { today: string; programmeStart: string | null }): string[] {
  const last = addDays(mondayOf(options.today), -7);
  const count =
    period === '4w'
      ? 4
      : period === '12w'
        ? 12
        : options.programmeStart === null
          ? 0
          : Math.min(MAX_PROGRAMME_WEEKS, Math.floor(daysBetween(mondayOf(options.programmeStart), last) / 7) + 1);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(last, -7 * (count - 1 - i)));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type Sum = { members: number; a: number; b: number };
const zero = (): Sum => ({ members: 0, a: 0, b: 0 });

// Weekly sums of the rows of some teams (disjoint groups of members, so member counts add up).
export class WeekSums {
  private readonly sums = new Map<string, Sum>();

  constructor(rows: GroupWeekRow[], keep: (row: GroupWeekRow) => boolean) {
    for (const row of rows) {
      if (!keep(row)) continue;
      const id = `${row.week}|${row.kind}|${row.key}`;
      const sum = this.sums.get(id) ?? zero();
      sum.members += Number(row.members);
      sum.a += Number(row.a);
      sum.b += Number(row.b);
      this.sums.set(id, sum);
    }
  }

  get(week: string, kind: string, key = ''): Sum {
    return this.sums.get(`${week}|${kind}|${key}`) ?? zero();
  }

  keys(kind: string): string[] {
    const found = new Set<string>();
    for (const id of this.sums.keys()) {
      const [, k, key] = id.split('|');
      if (k === kind) found.add(key!);
    }
    return [...found];
  }

  // Over the weeks: the sums of a and b, and the largest weekly member count (a lower bound of the
  // distinct members over the period, so suppression by it is on the safe side).
  over(weeks: string[], kind: string, key = ''): Sum {
    const total = zero();
    for (const week of weeks) {
      const sum = this.get(week, kind, key);
      total.members = Math.max(total.members, sum.members);
      total.a += sum.a;
      total.b += sum.b;
    }
    return total;
  }
}
