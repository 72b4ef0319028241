import type { DbOrTx } from '../db/client.ts';
import { listCohortMembers } from '../db/queries/cohort.ts';
import { cohortHabitStats, progressPercentage, rankStandings, type HabitStatsRow } from '../db/queries/progress.ts';

export type Standing = Awaited<ReturnType<typeof listCohortMembers>>[number] & {
  full_name: string;
  habits: HabitStatsRow[];
  progress: number;
  streak: number;
};

// Every member of a cohort, ranked (DOMAIN "Cohort and endorsements"): total progress is the mean
// over active habits (0 with none), the streak the best over active habits. Two queries for any
// cohort size; the dashboard's rank and the leaderboard both come from here, so they agree.
export async function cohortStandings(db: DbOrTx, options: { cohortId: string; now: Date }): Promise<Standing[]> {
  const [members, stats] = await Promise.all([listCohortMembers(db, options.cohortId), cohortHabitStats(db, options)]);
  const byUser = new Map<string, HabitStatsRow[]>();
  for (const row of stats) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return rankStandings(
    members.map((member) => {
      const habits = byUser.get(member.id) ?? [];
      const progress = habits.length
        ? Math.round(
            habits.reduce((sum, h) => sum + progressPercentage(h.days_completed, h.target_days), 0) / habits.length,
          )
        : 0;
      return {
        ...member,
        full_name: member.fullName,
        habits,
        progress,
        streak: Math.max(0, ...habits.map((h) => h.current_streak)),
      };
    }),
  );
}
