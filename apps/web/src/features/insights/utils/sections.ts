import type { TFigure, TInsights } from '@habitrack/contracts/insights/get-insights';
import { t } from '@lingui/core/macro';
import { withUnit } from './goal-line.ts';
import { figureText, figureValue, numberText, signedNumberText, weekLabel, type TTable } from './figures.ts';

// The chart data and the table of every section, from the server's (already suppressed) answer. The
// charts' data keys stay fixed (their series are labelled in insights-charts.tsx); the tables are
// worded in the language shown.
export type TSeriesPoint = { label: string } & Record<string, number | string | null>;

// A streak length bucket of the contract ('0', '1-6', '7-20', '21+') in days.
function streakBucket(bucket: string): string {
  return t`${bucket} days`;
}

function allHabitsOf(behaviour: string): string {
  return t`All habits of ${behaviour}`;
}

export function participation(data: TInsights) {
  return {
    points: data.participation.map((w) => ({ label: w.week, Participation: figureValue(w.rate) })),
    table: {
      columns: [t`Week`, t`Members with an active habit`, t`Participation`],
      rows: data.participation.map((w) => [
        weekLabel(w.week),
        figureText(w.participants),
        figureText(w.rate, 'percent'),
      ]),
    } satisfies TTable,
  };
}

export function checkInRate(data: TInsights) {
  return {
    points: data.check_in_rate.map((w) => ({ label: w.week, 'Check-in rate': figureValue(w.rate) })),
    table: {
      columns: [t`Week`, t`Check-in rate`],
      rows: data.check_in_rate.map((w) => [weekLabel(w.week), figureText(w.rate, 'percent')]),
    } satisfies TTable,
  };
}

export function byBehaviour(data: TInsights) {
  return {
    points: data.check_in_by_behaviour.map((b) => ({ label: b.behaviour, 'Check-in rate': figureValue(b.rate) })),
    table: {
      columns: [t`Behaviour`, t`Check-in rate`],
      rows: data.check_in_by_behaviour.map((b) => [b.behaviour, figureText(b.rate, 'percent')]),
    } satisfies TTable,
  };
}

export function streaks(data: TInsights) {
  return {
    points: data.streaks.map((s) => ({ label: streakBucket(s.bucket), Members: figureValue(s.members) })),
    table: {
      columns: [t`Current streak`, t`Members`],
      rows: data.streaks.map((s) => [streakBucket(s.bucket), figureText(s.members)]),
    } satisfies TTable,
  };
}

export function habitsChosen(data: TInsights) {
  return {
    points: data.habits_chosen.map((h) => ({ label: h.habit, Members: figureValue(h.members) })),
    table: {
      columns: [t`Habit`, t`Behaviour`, t`Members who chose it`],
      rows: [
        ...data.habits_chosen.map((h) => [h.habit, h.behaviour, figureText(h.members)]),
        ...data.behaviours_chosen.map((b) => [allHabitsOf(b.behaviour), b.behaviour, figureText(b.members)]),
      ],
    } satisfies TTable,
  };
}

export function impacts(data: TInsights) {
  const categories = [...new Set(data.impacts.flatMap((w) => w.categories.map((c) => c.category)))].sort();
  return {
    categories,
    points: data.impacts.map((w) => ({
      label: w.week,
      ...Object.fromEntries(w.categories.map((c) => [c.category, figureValue(c.reports)])),
    })),
    table: {
      columns: [t`Week`, ...categories],
      rows: data.impacts.map((w) => [
        weekLabel(w.week),
        ...categories.map((category) => {
          const found = w.categories.find((c) => c.category === category);
          return found ? figureText(found.reports) : numberText(0);
        }),
      ]),
    } satisfies TTable,
  };
}

export function endorsements(data: TInsights) {
  return {
    points: data.endorsements.map((w) => ({ label: w.week, Endorsements: figureValue(w.given) })),
    table: {
      columns: [t`Week`, t`Endorsements given`],
      rows: data.endorsements.map((w) => [weekLabel(w.week), figureText(w.given)]),
    } satisfies TTable,
  };
}

export function mood(data: TInsights) {
  return {
    points: data.mood.map((w) => ({ label: w.week, 'Average mood': figureValue(w.average) })),
    table: {
      columns: [t`Week`, t`Average mood of the group (1 to 5)`],
      rows: data.mood.map((w) => [weekLabel(w.week), figureText(w.average)]),
    } satisfies TTable,
  };
}

export function groups(rows: TInsights['cohorts'], kind: 'cohort' | 'department'): TTable {
  return {
    columns: [
      kind === 'cohort' ? t`Cohort` : t`Department`,
      t`Members`,
      t`Participation (last week)`,
      t`Check-in rate`,
    ],
    rows: rows.map((g) => [
      g.name,
      figureText(g.members),
      figureText(g.participation, 'percent'),
      figureText(g.check_in_rate, 'percent'),
    ]),
  };
}

export function goalLine(department: TInsights['goals'][number]['departments'][number]): TTable {
  return {
    columns: [t`What`, t`Date`, t`Value`],
    rows: [
      ...department.check_in_rate.map((w) => [
        t`Check-in rate of members`,
        weekLabel(w.week),
        figureText(w.rate, 'percent'),
      ]),
      ...department.kpis.flatMap((kpi) => {
        const title = kpi.title;
        return [
          ...(kpi.baseline === null ? [] : [[t`${title}: baseline`, '', withUnit(kpi.baseline, kpi.unit)]]),
          ...(kpi.target === null ? [] : [[t`${title}: target`, '', withUnit(kpi.target, kpi.unit)]]),
          ...kpi.measurements.map((m) => [title, m.measured_on, withUnit(m.value, kpi.unit)]),
        ];
      }),
    ],
  };
}

// A change on the week before: rates change in percentage points, mood in plain numbers.
function changeNote(week: string, change: number, kind: 'number' | 'percent'): string {
  if (change === 0) return t`${week}, as the week before`;
  const signed = signedNumberText(change);
  return kind === 'percent'
    ? t`${week}, ${signed} points on the week before`
    : t`${week}, ${signed} on the week before`;
}

export type TGlanceFigure = { label: string; value: string; suppressed: boolean; note: string };

// The page's headline figures: the members, and the last complete week's participation, check-in
// rate and mood, each with its change on the week before when both weeks are shown.
export function atAGlance(data: TInsights): TGlanceFigure[] {
  const weekly = (
    label: string,
    weeks: { week: string; figure: TFigure }[],
    kind: 'number' | 'percent',
  ): TGlanceFigure => {
    const [last, before] = [weeks.at(-1), weeks.at(-2)];
    if (!last) return { label, value: t`No data`, suppressed: false, note: t`No complete week yet` };
    const [lastValue, beforeValue] = [figureValue(last.figure), before ? figureValue(before.figure) : null];
    const change = lastValue !== null && beforeValue !== null ? Math.round((lastValue - beforeValue) * 10) / 10 : null;
    return {
      label,
      value: figureText(last.figure, kind),
      suppressed: last.figure.suppressed,
      note: change === null ? weekLabel(last.week) : changeNote(weekLabel(last.week), change, kind),
    };
  };
  return [
    {
      label: t`Members`,
      value: figureText(data.members),
      suppressed: data.members.suppressed,
      note: data.scope === 'organisation' ? t`In the programme` : t`In your departments`,
    },
    weekly(
      t`Participation`,
      data.participation.map((w) => ({ week: w.week, figure: w.rate })),
      'percent',
    ),
    weekly(
      t`Check-in rate`,
      data.check_in_rate.map((w) => ({ week: w.week, figure: w.rate })),
      'percent',
    ),
    weekly(
      t`Mood (1 to 5)`,
      data.mood.map((w) => ({ week: w.week, figure: w.average })),
      'number',
    ),
  ];
}
