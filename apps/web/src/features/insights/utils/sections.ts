import type { TFigure, TInsights } from '@habitrack/contracts/insights/get-insights';
import { figureText, figureValue, weekLabel, type TTable } from './figures.ts';

// The chart data and the table of every section, from the server's (already suppressed) answer.
export type TSeriesPoint = { label: string } & Record<string, number | string | null>;

export function participation(data: TInsights) {
  return {
    points: data.participation.map((w) => ({ label: w.week, Participation: figureValue(w.rate) })),
    table: {
      columns: ['Week', 'Members with an active habit', 'Participation'],
      rows: data.participation.map((w) => [weekLabel(w.week), figureText(w.participants), figureText(w.rate, ' %')]),
    } satisfies TTable,
  };
}

export function checkInRate(data: TInsights) {
  return {
    points: data.check_in_rate.map((w) => ({ label: w.week, 'Check-in rate': figureValue(w.rate) })),
    table: {
      columns: ['Week', 'Check-in rate'],
      rows: data.check_in_rate.map((w) => [weekLabel(w.week), figureText(w.rate, ' %')]),
    } satisfies TTable,
  };
}

export function byBehaviour(data: TInsights) {
  return {
    points: data.check_in_by_behaviour.map((b) => ({ label: b.behaviour, 'Check-in rate': figureValue(b.rate) })),
    table: {
      columns: ['Behaviour', 'Check-in rate'],
      rows: data.check_in_by_behaviour.map((b) => [b.behaviour, figureText(b.rate, ' %')]),
    } satisfies TTable,
  };
}

export function streaks(data: TInsights) {
  return {
    points: data.streaks.map((s) => ({ label: `${s.bucket} days`, Members: figureValue(s.members) })),
    table: {
      columns: ['Current streak', 'Members'],
      rows: data.streaks.map((s) => [`${s.bucket} days`, figureText(s.members)]),
    } satisfies TTable,
  };
}

export function habitsChosen(data: TInsights) {
  return {
    points: data.habits_chosen.map((h) => ({ label: h.habit, Members: figureValue(h.members) })),
    table: {
      columns: ['Habit', 'Behaviour', 'Members who chose it'],
      rows: [
        ...data.habits_chosen.map((h) => [h.habit, h.behaviour, figureText(h.members)]),
        ...data.behaviours_chosen.map((b) => [`All habits of ${b.behaviour}`, b.behaviour, figureText(b.members)]),
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
      columns: ['Week', ...categories],
      rows: data.impacts.map((w) => [
        weekLabel(w.week),
        ...categories.map((category) => {
          const found = w.categories.find((c) => c.category === category);
          return found ? figureText(found.reports) : '0';
        }),
      ]),
    } satisfies TTable,
  };
}

export function endorsements(data: TInsights) {
  return {
    points: data.endorsements.map((w) => ({ label: w.week, Endorsements: figureValue(w.given) })),
    table: {
      columns: ['Week', 'Endorsements given'],
      rows: data.endorsements.map((w) => [weekLabel(w.week), figureText(w.given)]),
    } satisfies TTable,
  };
}

export function mood(data: TInsights) {
  return {
    points: data.mood.map((w) => ({ label: w.week, 'Average mood': figureValue(w.average) })),
    table: {
      columns: ['Week', 'Average mood of the group (1 to 5)'],
      rows: data.mood.map((w) => [weekLabel(w.week), figureText(w.average)]),
    } satisfies TTable,
  };
}

export function groups(rows: TInsights['cohorts'], kind: string): TTable {
  return {
    columns: [kind, 'Members', 'Participation (last week)', 'Check-in rate'],
    rows: rows.map((g) => [
      g.name,
      figureText(g.members),
      figureText(g.participation, ' %'),
      figureText(g.check_in_rate, ' %'),
    ]),
  };
}

export function goalLine(department: TInsights['goals'][number]['departments'][number]): TTable {
  return {
    columns: ['What', 'Date', 'Value'],
    rows: [
      ...department.check_in_rate.map((w) => ['Check-in rate of members', weekLabel(w.week), figureText(w.rate, ' %')]),
      ...department.kpis.flatMap((kpi) => [
        ...(kpi.baseline === null
          ? []
          : [[`${kpi.title}: baseline`, '', `${kpi.baseline}${kpi.unit ? ` ${kpi.unit}` : ''}`]]),
        ...(kpi.target === null
          ? []
          : [[`${kpi.title}: target`, '', `${kpi.target}${kpi.unit ? ` ${kpi.unit}` : ''}`]]),
        ...kpi.measurements.map((m) => [kpi.title, m.measured_on, `${m.value}${kpi.unit ? ` ${kpi.unit}` : ''}`]),
      ]),
    ],
  };
}

export type TGlanceFigure = { label: string; value: string; suppressed: boolean; note: string };

// The page's headline figures: the members, and the last complete week's participation, check-in
// rate and mood, each with its change on the week before when both weeks are shown.
export function atAGlance(data: TInsights): TGlanceFigure[] {
  const weekly = (
    label: string,
    weeks: { week: string; figure: TFigure }[],
    unit: string,
    changeUnit: string,
  ): TGlanceFigure => {
    const [last, before] = [weeks.at(-1), weeks.at(-2)];
    if (!last) return { label, value: 'No data', suppressed: false, note: 'No complete week yet' };
    const [lastValue, beforeValue] = [figureValue(last.figure), before ? figureValue(before.figure) : null];
    const change = lastValue !== null && beforeValue !== null ? Math.round((lastValue - beforeValue) * 10) / 10 : null;
    return {
      label,
      value: figureText(last.figure, unit),
      suppressed: last.figure.suppressed,
      note:
        change === null
          ? weekLabel(last.week)
          : change === 0
            ? `${weekLabel(last.week)}, as the week before`
            : `${weekLabel(last.week)}, ${change > 0 ? '+' : ''}${change}${changeUnit} on the week before`,
    };
  };
  return [
    {
      label: 'Members',
      value: figureText(data.members),
      suppressed: data.members.suppressed,
      note: data.scope === 'organisation' ? 'In the programme' : 'In your departments',
    },
    weekly(
      'Participation',
      data.participation.map((w) => ({ week: w.week, figure: w.rate })),
      ' %',
      ' points',
    ),
    weekly(
      'Check-in rate',
      data.check_in_rate.map((w) => ({ week: w.week, figure: w.rate })),
      ' %',
      ' points',
    ),
    weekly(
      'Mood (1 to 5)',
      data.mood.map((w) => ({ week: w.week, figure: w.average })),
      '',
      '',
    ),
  ];
}
