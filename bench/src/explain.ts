// Prints EXPLAIN (ANALYZE, BUFFERS) of the hot queries on the generated PostgreSQL data, built by
// the same query functions the API calls. Run: npm run bench -- --explain
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { dashboardStatements } from '../../apps/api/src/db/queries/dashboard/dashboard.ts';
import { flowStatements } from '../../apps/api/src/db/queries/identity/flow.ts';
import { checkInStatements } from '../../apps/api/src/db/queries/habits/logs.ts';
import { identityStatements } from '../../apps/api/src/db/queries/identity/identity.ts';
import { insightsStatements, membersNowSql } from '../../apps/api/src/db/queries/insights/insights.ts';
import { leaderboardStatements } from '../../apps/api/src/db/queries/social/leaderboard.ts';
import { sharedStatementSql } from '../../apps/api/src/db/speed/shared-statements.ts';
import { prepareData } from './data.ts';
import { BENCH_ISSUER, FULL, query } from './generate.ts';

type Query = { sql: string; params: unknown[] };

export async function explainHotQueries(postgresUrl: string | undefined, log: (line: string) => void): Promise<void> {
  const data = await prepareData('postgres', FULL, { postgresUrl, log });
  const database = await openDatabase({ kind: 'postgres', url: data.target.url!, poolSize: 1 });
  const client = new pg.Client({ connectionString: data.target.url });
  await client.connect();
  try {
    const [member] = await query<{
      n: number;
      user_id: string;
      cohort_id: string;
      user_habit_id: string;
      organisation_id: string;
      programme_id: string;
    }>(
      database,
      `select b.n, b.user_id, cm.cohort_id,
         (select u.organisation_id from users u where u.id = b.user_id) as organisation_id,
         (select c.programme_id from cohorts c where c.id = cm.cohort_id) as programme_id,
         (select h.id::text from bench_user_habits h where h.n = b.n and h.active order by h.s limit 1) as user_habit_id
       from bench_users b
       join cohort_members cm on cm.user_id = b.user_id
       where b.history_days > 7 and b.n % 3 = 2 order by b.n limit 1 offset 4321`,
    );
    const { db } = database;
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const weekStart = new Date(now.getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
    const userId = member!.user_id;
    // Each statement as the API sends it for one request (the requests of one turn share it, a
    // row of its table of calls each).
    const queries: [string, Query][] = [
      [
        'sign-in lookup (every request)',
        sharedStatementSql(identityStatements.userByIdentityStatement, [
          { issuer: BENCH_ISSUER, subject: `bench|${member!.n}` },
        ]),
      ],
      [
        'dashboard, repeated read (whether the facts held are current; the rank from the standings below)',
        sharedStatementSql(dashboardStatements.dashboardVersionsStatement, [{ userId }]),
      ],
      [
        'dashboard, first read or after a change (the rank from the standings below)',
        sharedStatementSql(dashboardStatements.dashboardFactsStatement, [
          { userId, today, weekStart, locale: 'en-GB' },
        ]),
      ],
      [
        'cohort members (the standings below)',
        sharedStatementSql(leaderboardStatements.leaderboardFactsStatement, [{ userId, today }]),
      ],
      [
        'cohort standings, 200 members (once per change of the cohort, see docs/decisions/007)',
        leaderboardStatements.cohortStandingsQuery(db, { cohortId: member!.cohort_id, now, locale: 'en-GB' }).toSQL(),
      ],
      ['flow status', sharedStatementSql(flowStatements.flowFactsStatement, [{ userId, today }])],
      [
        'insights, every request (the programme, the versions of the held answer, whether notes wait)',
        sharedStatementSql(insightsStatements.insightsCallerStatement, [
          { userId, organisationId: member!.organisation_id },
        ]),
      ],
      [
        "insights, read afresh: the members' current streaks (the slowest part of an answer read afresh)",
        new PgDialect({ casing: 'snake_case' }).sqlToQuery(membersNowSql({ programmeId: member!.programme_id, now })),
      ],
      [
        "today's log, the user habit (and a refused check-in's)",
        sharedStatementSql(checkInStatements.activeUserHabitStatement, [{ userId, id: member!.user_habit_id }]),
      ],
    ];
    const checkIn = sharedStatementSql(checkInStatements.checkInStatement, [
      {
        userId,
        id: member!.user_habit_id,
        today,
        logDate: today,
        logType: 'completed',
        note: 'Done before the first meeting.',
        positiveChangeId: null,
      },
    ]);
    for (const [name, q] of queries) {
      // Once to warm the cache, then the plan that is printed.
      await client.query(q.sql, q.params as unknown[]);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${q.sql}`,
        q.params as unknown[],
      );
      log(`\n-- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    // The check-in writes: its plan is taken in a transaction that is rolled back.
    await client.query('begin');
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${checkIn.sql}`,
        checkIn.params as unknown[],
      );
      log(
        `\n-- check-in: the caller confirmed, the user habit found and the log written (triggers included; rolled back)\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    } finally {
      await client.query('rollback');
    }
  } finally {
    await client.end();
    await database.close();
  }
}
