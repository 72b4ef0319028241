import type { TFigure, TInsights } from '@habitrack/contracts/insights/get-insights';

export const shown = (value: number | null): TFigure => ({ suppressed: false, value });
export const hidden: TFigure = { suppressed: true };

// An answer of GET /insights as the server sends it (already suppressed).
export function createInsights(overrides: Partial<TInsights> = {}): TInsights {
  const weeks = ['2026-03-02', '2026-03-09'];
  return {
    programme: { id: 'a7c1e2d3-4b5f-4c6d-8e9f-0a1b2c3d4e5f', name: 'Leadership Excellence Programme' },
    scope: 'organisation',
    period: '4w',
    weeks,
    members: shown(24),
    participation: weeks.map((week, i) => ({ week, participants: shown(20 + i), rate: shown(83.3 + i) })),
    check_in_rate: weeks.map((week, i) => ({ week, rate: shown(60 + i) })),
    check_in_by_behaviour: [{ behaviour: 'Listening', rate: shown(61.5) }],
    streaks: [
      { bucket: '0', members: shown(10) },
      { bucket: '1-6', members: shown(9) },
      { bucket: '7-20', members: shown(5) },
      { bucket: '21+', members: shown(0) },
    ],
    habits_chosen: [{ habit: 'Ask one open question', behaviour: 'Listening', members: shown(12) }],
    behaviours_chosen: [{ behaviour: 'Listening', members: shown(12) }],
    impacts: weeks.map((week) => ({ week, categories: [{ category: 'Team', reports: shown(7) }] })),
    endorsements: weeks.map((week) => ({ week, given: shown(6) })),
    mood: [
      { week: weeks[0]!, average: hidden },
      { week: weeks[1]!, average: shown(3.8) },
    ],
    cohorts: [{ name: 'Spring cohort', members: shown(24), participation: shown(84.3), check_in_rate: shown(61) }],
    departments: [
      {
        id: 'b7c1e2d3-4b5f-4c6d-8e9f-0a1b2c3d4e5f',
        name: 'Operations',
        members: hidden,
        participation: hidden,
        check_in_rate: hidden,
      },
    ],
    goals: [],
    ...overrides,
  };
}
