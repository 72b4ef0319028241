import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  departmentGoals,
  departmentKpis,
  departments,
  kpiMeasurements,
  organizationalGoals,
  users,
} from '../db/schema/index.ts';
import { addDays, localDate } from '../lib/local-date.ts';
import { DEMO_SMALL_TEAM } from './demo-people.ts';

// The goals the leader set, the departments and KPIs the team leaders defined, and six weeks of KPI
// measurements moving from their baseline towards their target: the insights' goal line of sight.
type DemoKpi = { title: string; unit: string; baseline: number; target: number; values: number[] };
type DemoDepartment = { team: string; owner: string; description: string; kpis: Record<string, DemoKpi[]> };

export const DEMO_GOALS = [
  { title: 'Delight our customers', description: 'Customer satisfaction above 88% by the end of the year' },
  { title: 'Build an engaged workforce', description: 'People who would recommend Acme as a place to work' },
] as const;
const [CUSTOMERS, WORKFORCE] = DEMO_GOALS.map((goal) => goal.title) as [string, string];

const MARCUS = 'marcus.chen@acme.example';
export const DEMO_DEPARTMENTS: readonly DemoDepartment[] = [
  {
    team: 'Engineering',
    owner: MARCUS,
    description: 'Platform and product engineering',
    kpis: {
      [CUSTOMERS]: [
        { title: 'Deployments a week', unit: 'deploys', baseline: 3, target: 8, values: [3, 4, 4, 5, 6, 6] },
      ],
      [WORKFORCE]: [
        {
          title: 'Team engagement score',
          unit: 'points',
          baseline: 6.8,
          target: 8,
          values: [6.8, 6.9, 7.1, 7, 7.3, 7.4],
        },
      ],
    },
  },
  {
    team: 'Customer Success',
    owner: MARCUS,
    description: 'Onboarding, support and renewals',
    kpis: {
      [CUSTOMERS]: [
        {
          title: 'Customer satisfaction (CSAT)',
          unit: '%',
          baseline: 78,
          target: 88,
          values: [78, 79.5, 81, 80.5, 83, 84],
        },
        { title: 'First response time', unit: 'hours', baseline: 6, target: 2, values: [6, 5.4, 4.8, 4.5, 3.9, 3.6] },
      ],
    },
  },
  {
    team: DEMO_SMALL_TEAM,
    owner: 'nadia.rahman@acme.example',
    description: 'Hiring, learning and wellbeing',
    kpis: {
      [WORKFORCE]: [
        {
          title: 'Employee Net Promoter Score',
          unit: 'points',
          baseline: 12,
          target: 25,
          values: [12, 14, 15, 18, 19, 21],
        },
      ],
    },
  },
];

export async function seedDemoGoals(
  tx: Tx,
  options: { programmeId: string; today: Date; teamId: (name: string) => string; leaderEmail: string },
) {
  const idOf = async (email: string) => {
    const [row] = await tx.select({ id: users.id, timeZone: users.timeZone }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`demo user ${email} is missing`);
    return row;
  };
  const leader = await idOf(options.leaderEmail);
  const goals = await tx
    .insert(organizationalGoals)
    .values(
      DEMO_GOALS.map((goal, index) => ({
        programmeId: options.programmeId,
        title: goal.title,
        description: goal.description,
        sequenceOrder: index,
        createdById: leader.id,
      })),
    )
    .returning({ id: organizationalGoals.id, title: organizationalGoals.title });
  const goalId = (title: string) => goals.find((goal) => goal.title === title)!.id;

  for (const spec of DEMO_DEPARTMENTS) {
    const owner = await idOf(spec.owner);
    const [department] = await tx
      .insert(departments)
      .values({
        programmeId: options.programmeId,
        teamId: options.teamId(spec.team),
        name: spec.team,
        description: spec.description,
        createdById: owner.id,
      })
      .returning({ id: departments.id });
    const today = localDate(options.today, owner.timeZone);
    for (const [goalTitle, kpis] of Object.entries(spec.kpis)) {
      await tx
        .insert(departmentGoals)
        .values({ departmentId: department!.id, organizationalGoalId: goalId(goalTitle) });
      for (const kpi of kpis) {
        const [stored] = await tx
          .insert(departmentKpis)
          .values({
            departmentId: department!.id,
            organizationalGoalId: goalId(goalTitle),
            title: kpi.title,
            unit: kpi.unit,
            baseline: kpi.baseline,
            target: kpi.target,
          })
          .returning({ id: departmentKpis.id });
        // One measurement a week, the last one a week ago, so today is free to record a new one.
        await tx.insert(kpiMeasurements).values(
          kpi.values.map((value, i) => ({
            kpiId: stored!.id,
            value,
            measuredOn: addDays(today, -7 * (kpi.values.length - i)),
            note: i === 0 ? 'Baseline measured before the programme' : null,
            createdById: owner.id,
          })),
        );
      }
    }
  }
  return { goals: goals.length };
}
