import { sql } from 'drizzle-orm';
import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { AppDatabase } from '../../speed/app-database.ts';
import { sharedStatement } from '../../speed/shared-statements.ts';
import { callerIsCurrent } from './identity.ts';

type ManagedTeam = TUserFlowStatusResponse['manageable_teams'][number];

export type FlowFacts = {
  hasActiveHabits: boolean;
  hasMoodToday: boolean;
  hasGoals: boolean;
  managedTeams: ManagedTeam[];
};

// What decides where the member goes next, whatever their history: whether they have an active
// habit (one whose frame is not over on `today`, decision 014), a mood for `today` and organisational goals in their programme, and the teams they manage
// (an archived team is offered for no new department).
const flowFactsStatement = sharedStatement<{ userId: string; today: string }, FlowFacts>({
  name: 'user_flow_facts',
  confirms: { caller: 'userId', isCurrent: callerIsCurrent },
  params: { userId: 'uuid', today: 'date' },
  query: (p) => sql`select ${p.position} as position, json_build_object(
      'hasActiveHabits', exists (select 1 from user_habits uh where uh.user_id = ${p.userId} and uh.status = 'active'
        and uh.frame_ends_on >= ${p.today}),
      'hasMoodToday', exists (select 1 from mood_entries me where me.user_id = ${p.userId} and me.entry_date = ${p.today}),
      'hasGoals', exists (select 1 from organizational_goals g
        join cohorts c on c.programme_id = g.programme_id
        join cohort_members cm on cm.cohort_id = c.id
        where cm.user_id = ${p.userId}),
      'managedTeams', (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'type', t.type)
          order by t.name), '[]'::json)
        from team_managers tm join teams t on t.id = tm.team_id
        where tm.user_id = ${p.userId} and t.archived_at is null)) as row
    from ${p.table}`,
});

export async function findFlowFacts(database: AppDatabase, call: { userId: string; today: string }) {
  const facts = await database.run(flowFactsStatement, call);
  if (!facts) throw new Error('the flow statement answered no row');
  return facts;
}

// The statement as SQL with its parameters (the benchmark prints its plan).
export const flowStatements = { flowFactsStatement };
