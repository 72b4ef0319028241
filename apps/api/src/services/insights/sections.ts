import { STREAK_BUCKETS, type TFigure } from '@habitrack/contracts/insights/get-insights';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { GroupWeekRow, MembersNowRow } from '../../db/queries/insights/insights.ts';
import { complement, figure, percent, SUPPRESSED, WeekSums } from './figures.ts';
import type { DepartmentFigures } from './goals.ts';

// The sections of an insights answer, built from the prepared aggregates the service has read
// (insights.service.ts): each figure through figure(), so nothing about fewer than 5 members is
// sent, and a breakdown's groups hidden together where one alone would give another away.
const TOP_HABITS = 10;

export const sumMembers = (rows: MembersNowRow[]) => rows.reduce((n, row) => n + row.members, 0);

export function weeklyFigures(scope: WeekSums, weeks: string[], groupSize: number) {
  const categories = scope.keys('impact').sort();
  return {
    participation: weeks.map((week) => {
      const n = scope.get(week, 'habits').members;
      const shown = figure(n, n, groupSize);
      return {
        week,
        participants: shown,
        rate: shown.suppressed ? SUPPRESSED : figure(percent(Math.min(n, groupSize), groupSize), n, groupSize),
      };
    }),
    check_in_rate: weeks.map((week) => ({ week, rate: rateOf(scope.get(week, 'habits'), groupSize) })),
    impacts: weeks.map((week) => {
      const sums = categories.map((category) => ({ category, sum: scope.get(week, 'impact', category) }));
      const hidden = complement(sums, {
        suppressed: (s) => figure(s.sum.a, s.sum.members, groupSize).suppressed,
        size: (s) => s.sum.members,
      });
      return {
        week,
        categories: sums.map((s) => ({
          category: s.category,
          reports: hidden.has(s) ? SUPPRESSED : figure(s.sum.a, s.sum.members, groupSize),
        })),
      };
    }),
    endorsements: weeks.map((week) => {
      const sum = scope.get(week, 'endorsements');
      return { week, given: figure(sum.a, sum.members, groupSize) };
    }),
    mood: weeks.map((week) => {
      const sum = scope.get(week, 'mood');
      const average = sum.b > 0 ? Math.round((10 * sum.a) / sum.b) / 10 : null;
      return { week, average: figure(average, sum.members, groupSize) };
    }),
  };
}

// Completed ÷ active unpaused habit-days, standing on the members who had habit-days.
const rateOf = (sum: { members: number; a: number; b: number }, groupSize: number): TFigure =>
  figure(percent(sum.a, sum.b), sum.members, groupSize);

export function choiceFigures(
  scope: WeekSums,
  weeks: string[],
  groupSize: number,
  names: { habitId: string; habit: string; behaviourId: string; behaviour: string }[],
) {
  const behaviourNames = [...new Map(names.map((n) => [n.behaviourId, n.behaviour])).entries()];
  const chosen = names.map((n) => ({
    ...n,
    count: weeks.reduce((c, w) => c + scope.get(w, 'chosen', n.habitId).members, 0),
  }));
  const byBehaviour = behaviourNames.map(([id, behaviour]) => ({
    behaviour,
    count: chosen.filter((c) => c.behaviourId === id).reduce((n, c) => n + c.count, 0),
  }));
  const ranked = <T extends { count: number }>(items: T[]) =>
    items
      .filter((item) => item.count > 0)
      .map((item) => ({ item, shown: figure(item.count, item.count, groupSize) }))
      .sort((x, y) => Number(x.shown.suppressed) - Number(y.shown.suppressed) || y.item.count - x.item.count);
  return {
    check_in_by_behaviour: behaviourNames.map(([id, behaviour]) => ({
      behaviour,
      rate: rateOf(scope.over(weeks, 'behaviour', id), groupSize),
    })),
    habits_chosen: ranked(chosen)
      .slice(0, TOP_HABITS)
      .map(({ item, shown }) => ({ habit: item.habit, behaviour: item.behaviour, members: shown })),
    behaviours_chosen: ranked(byBehaviour).map(({ item, shown }) => ({ behaviour: item.behaviour, members: shown })),
  };
}

export function streakFigures(membersNow: MembersNowRow[], groupSize: number) {
  const buckets = STREAK_BUCKETS.map((bucket, i) => ({
    bucket,
    count: membersNow.reduce((n, row) => n + row.streaks[i]!, 0),
  }));
  const hidden = complement(buckets, {
    suppressed: (b) => figure(b.count, b.count, groupSize).suppressed,
    size: (b) => b.count,
  });
  return buckets.map((b) => ({
    bucket: b.bucket,
    members: hidden.has(b) ? SUPPRESSED : figure(b.count, b.count, groupSize),
  }));
}

function groupFigures(name: string, size: number, sums: WeekSums, weeks: string[]) {
  const last = sums.get(weeks.at(-1) ?? '', 'habits').members;
  return {
    name,
    members: figure(size, size, size),
    participation: figure(percent(Math.min(last, size), size), last, size),
    check_in_rate: rateOf(sums.over(weeks, 'habits'), size),
  };
}

// A suppressed group (fewer than 5 members, or hidden by complementary suppression) shows nothing.
type Group = { size: number; figures: ReturnType<typeof groupFigures> };
export function hideSmallGroups<T extends Group>(groups: T[]): void {
  const hidden = complement(groups, { suppressed: (g) => g.size > 0 && g.size < 5, size: (g) => g.size });
  for (const group of hidden) {
    group.figures = {
      name: group.figures.name,
      members: SUPPRESSED,
      participation: SUPPRESSED,
      check_in_rate: SUPPRESSED,
    };
  }
}

export function departmentFiguresOf(
  department: TDepartment,
  context: { rows: GroupWeekRow[]; membersNow: MembersNowRow[]; weeks: string[] },
): DepartmentFigures {
  const sums = new WeekSums(context.rows, (row) => row.teamId === department.team_id);
  const size = sumMembers(context.membersNow.filter((row) => row.teamId === department.team_id));
  return {
    id: department.id,
    goalIds: department.organizational_goal_ids,
    size,
    weekly: context.weeks.map((week) => ({ week, rate: rateOf(sums.get(week, 'habits'), size) })),
    figures: groupFigures(department.name, size, sums, context.weeks),
  };
}

export function cohortFigures(options: {
  cohorts: { id: string; name: string }[];
  rows: GroupWeekRow[];
  membersNow: MembersNowRow[];
  weeks: string[];
}) {
  const groups = options.cohorts.map((cohort) => {
    const size = sumMembers(options.membersNow.filter((row) => row.cohortId === cohort.id));
    const sums = new WeekSums(options.rows, (row) => row.groupId === cohort.id);
    return { size, figures: groupFigures(cohort.name, size, sums, options.weeks) };
  });
  hideSmallGroups(groups);
  return groups.map((g) => g.figures);
}
