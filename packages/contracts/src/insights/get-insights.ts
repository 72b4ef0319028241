import { z } from 'zod';

// GET /insights (docs/domain/insights.md): a leader's whole programme or a team leader's
// departments, for the last 4 or 12 complete ISO weeks or the whole programme. Every figure that
// would stand on fewer than 5 distinct members arrives as { suppressed: true }, never as a number;
// no answer carries a member's name, id or individual value.
export const INSIGHT_PERIODS = ['4w', '12w', 'programme'] as const;
export type TInsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const MIN_GROUP_SIZE = 5;
export const SUPPRESSED_TEXT = 'Not enough members to show this without identifying someone';

export const ZInsightsQuery = z.object({
  period: z.enum(INSIGHT_PERIODS, { error: 'must be 4w, 12w or programme' }).default('4w'),
  department_id: z.uuid({ error: 'must be a department id (UUID)' }).optional(),
});
export type TInsightsQuery = z.infer<typeof ZInsightsQuery>;

// A number (null where there is nothing to measure, e.g. a rate with no habit-days), or suppressed.
export const ZFigure = z.discriminatedUnion('suppressed', [
  z.object({ suppressed: z.literal(false), value: z.number().nullable() }),
  z.object({ suppressed: z.literal(true) }),
]);
export type TFigure = z.infer<typeof ZFigure>;

const zWeek = z.iso.date().describe('The Monday of an ISO week');

export const STREAK_BUCKETS = ['0', '1-6', '7-20', '21+'] as const;

const ZGroupFigures = z.object({
  name: z.string(),
  members: ZFigure,
  participation: ZFigure.describe('Percent of members with an active habit in the last week of the period'),
  check_in_rate: ZFigure.describe('Percent of active, unpaused habit-days completed over the period'),
});

const ZKpiLine = z.object({
  id: z.uuid(),
  title: z.string(),
  unit: z.string().nullable(),
  baseline: z.number().nullable(),
  target: z.number().nullable(),
  measurements: z.array(z.object({ measured_on: z.iso.date(), value: z.number() })),
});

export const ZInsights = z.object({
  programme: z.object({ id: z.uuid(), name: z.string() }),
  scope: z.enum(['organisation', 'departments']),
  period: z.enum(INSIGHT_PERIODS),
  weeks: z.array(zWeek),
  members: ZFigure,
  participation: z.array(z.object({ week: zWeek, rate: ZFigure, participants: ZFigure })),
  check_in_rate: z.array(z.object({ week: zWeek, rate: ZFigure })),
  check_in_by_behaviour: z.array(z.object({ behaviour: z.string(), rate: ZFigure })),
  streaks: z.array(z.object({ bucket: z.enum(STREAK_BUCKETS), members: ZFigure })),
  habits_chosen: z.array(z.object({ habit: z.string(), behaviour: z.string(), members: ZFigure })),
  behaviours_chosen: z.array(z.object({ behaviour: z.string(), members: ZFigure })),
  impacts: z.array(
    z.object({ week: zWeek, categories: z.array(z.object({ category: z.string(), reports: ZFigure })) }),
  ),
  endorsements: z.array(z.object({ week: zWeek, given: ZFigure })),
  mood: z.array(z.object({ week: zWeek, average: ZFigure })),
  cohorts: z.array(ZGroupFigures),
  departments: z.array(ZGroupFigures.extend({ id: z.uuid() })),
  goals: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      departments: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          check_in_rate: z.array(z.object({ week: zWeek, rate: ZFigure })),
          kpis: z.array(ZKpiLine),
        }),
      ),
    }),
  ),
});
export type TInsights = z.infer<typeof ZInsights>;
