import { eq } from 'drizzle-orm';
import type { App } from '../../../app.ts';
import type { Db } from '../../../db/client.ts';
import { endorsements, habitLogs, moodEntries, positiveChanges, userHabits, users } from '../../../db/schema/index.ts';
import type { TestIssuers } from '../../../test/tokens.ts';
import type { Member } from '../../../test/world.ts';
import { caller, createOrgWithGoals } from '../../organizational/testing/goals.ts';

// "Now" of the insights tests: Wednesday 18 March 2026 (London). The complete weeks of "4w" are
// those of Mondays 16 Feb, 23 Feb, 2 Mar and 9 Mar.
export const NOW = new Date('2026-03-18T12:00:00Z');
export const WEEKS = ['2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09'];

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });

// The organisation of createOrgWithGoals (leader, two team leaders, a member: 4 people of the
// cohort without a team or habit) plus team A (the team leader's department: a1..a6) and team B
// (the other team leader's department: b1..b4). Each of the 10 started the first habit on Monday
// 2 March. Hand-computed figures are in insights.test.ts.
export async function createInsightsFixture(app: App, db: Db, issuers: TestIssuers) {
  const org = await createOrgWithGoals(app, db, issuers);
  const send = caller(app);
  const teamB = await org.world.team({
    name: `Support ${org.otherTeamLeader.id.slice(0, 6)}`,
    managerId: org.otherTeamLeader.id,
  });
  const departmentB = await send(org.otherTeamLeader, {
    method: 'POST',
    url: '/api/v1/organizational/departments',
    payload: { program_id: org.programmeId, selected_team_id: teamB.id, organizational_goal_ids: [org.goal.id] },
  });
  if (departmentB.status !== 201) throw new Error(JSON.stringify(departmentB.body));
  const inTeam = async (teamId: string) => {
    const person = await org.world.person();
    await db.update(users).set({ teamId }).where(eq(users.id, person.id));
    return person;
  };
  const a: Member[] = [];
  for (let i = 0; i < 6; i++) a.push(await inTeam(org.team.id));
  const b: Member[] = [];
  for (let i = 0; i < 4; i++) b.push(await inTeam(teamB.id));
  const habit = org.world.habits[0]!;
  const [change] = await db.select().from(positiveChanges).where(eq(positiveChanges.habitId, habit.id)).limit(1);
  const habitOf = new Map<string, string>();
  for (const person of [...a, ...b]) {
    const [row] = await db
      .insert(userHabits)
      .values({ userId: person.id, habitId: habit.id, slot: 1, startedOn: '2026-03-02', targetDays: 60 })
      .returning();
    habitOf.set(person.id, row!.id);
  }
  const log = (person: Member, dates: string[], withChange = false) =>
    db.insert(habitLogs).values(
      dates.map((logDate, i) => ({
        userHabitId: habitOf.get(person.id)!,
        logDate,
        logType: 'completed' as const,
        positiveChangeId: withChange && i === 0 ? change!.id : null,
      })),
    );
  // Week of 2 March: a1..a6 completed 4 days (a1..a5 reporting a change on the first), b1..b4 one.
  for (const [i, person] of a.entries()) await log(person, days('2026-03-02', 4), i < 5);
  for (const person of b) await log(person, ['2026-03-02']);
  // Week of 9 March: a1..a3 one day. This week (not complete): a1..a5 on 17 and 18 March.
  for (const person of a.slice(0, 3)) await log(person, ['2026-03-09']);
  for (const person of a.slice(0, 5)) await log(person, ['2026-03-17', '2026-03-18']);
  // Moods: 4 members in the week of 2 March, 5 in the week of 9 March.
  const moods = (dated: string, values: number[]) =>
    db.insert(moodEntries).values(values.map((moodValue, i) => ({ userId: a[i]!.id, entryDate: dated, moodValue })));
  await moods('2026-03-03', [4, 4, 5, 3]);
  await moods('2026-03-10', [1, 2, 3, 4, 5]);
  // Endorsements: one endorser in the week of 2 March, five in the week of 9 March.
  await db
    .insert(endorsements)
    .values({ endorserId: a[0]!.id, endorsedId: a[1]!.id, endorsedOn: '2026-03-04', message: 'Nice' });
  await db
    .insert(endorsements)
    .values(
      a
        .slice(0, 5)
        .map((p) => ({ endorserId: p.id, endorsedId: a[5]!.id, endorsedOn: '2026-03-11', message: 'Thanks' })),
    );
  return { ...org, teamB, departmentB: departmentB.body as { id: string }, a, b, habit };
}

export type InsightsFixture = Awaited<ReturnType<typeof createInsightsFixture>>;
