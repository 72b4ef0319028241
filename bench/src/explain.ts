// Prints EXPLAIN (ANALYZE, BUFFERS) of the hot queries on the generated PostgreSQL data, built by
// the same query functions the API calls. Run: npm run bench -- --explain
import { and, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { cohortContextQuery, moodBetween, positiveChangeCounts } from '../../apps/api/src/db/queries/dashboard.ts';
import { activeHabitStatsSql, cohortHabitStatsSql } from '../../apps/api/src/db/queries/progress.ts';
import { cohortMembers, identities, organisations, users } from '../../apps/api/src/db/schema/index.ts';
import { endorsementFactsQuery, listCohortMembers } from '../../apps/api/src/db/queries/cohort.ts';
import { prepareData } from './data.ts';
import { BENCH_ISSUER, FULL, query } from './generate.ts';

type Query = { sql: string; params: unknown[] };

export async function explainHotQueries(postgresUrl: string | undefined, log: (line: string) => void): Promise<void> {
  const data = await prepareData('postgres', FULL, { postgresUrl, log });
  const database = await openDatabase({ kind: 'postgres', url: data.target.url!, poolSize: 1 });
  const client = new pg.Client({ connectionString: data.target.url });
  await client.connect();
  const dialect = new PgDialect({ casing: 'snake_case' });
  try {
    const [member] = await query<{ n: number; user_id: string; cohort_id: string }>(
      database,
      `select b.n, b.user_id, cm.cohort_id from bench_users b join cohort_members cm on cm.user_id = b.user_id
       where b.history_days > 7 and b.n % 3 = 2 order by b.n limit 1 offset 4321`,
    );
    const { db } = database;
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const members = await listCohortMembers(db, member!.cohort_id);
    const queries: [string, Query][] = [
      [
        'sign-in lookup (every request)',
        db
          .select({ id: users.id, organisationName: organisations.name })
          .from(identities)
          .innerJoin(users, eq(users.id, identities.userId))
          .innerJoin(organisations, eq(organisations.id, users.organisationId))
          .where(and(eq(identities.issuer, BENCH_ISSUER), eq(identities.subject, `bench|${member!.n}`)))
          .limit(1)
          .toSQL(),
      ],
      ['own habit stats (dashboard)', dialect.sqlToQuery(activeHabitStatsSql({ userId: member!.user_id, now }))],
      ['cohort context (dashboard, cohort members)', cohortContextQuery(db, member!.user_id).toSQL()],
      [
        'cohort habit stats, 200 members (dashboard, cohort members)',
        dialect.sqlToQuery(cohortHabitStatsSql({ cohortId: member!.cohort_id, now })),
      ],
      ['cohort member list (dashboard, cohort members)', listCohortMembers(db, member!.cohort_id).toSQL()],
      [
        'endorsement facts, 200 members (cohort members)',
        endorsementFactsQuery(db, { memberIds: members.map((m) => m.id), callerId: member!.user_id, today }).toSQL(),
      ],
      ['positive changes (dashboard)', positiveChangeCounts(db, member!.user_id).toSQL()],
      ['weekly mood (dashboard)', moodBetween(db, { userId: member!.user_id, from: today, to: today }).toSQL()],
      [
        'cohort members of the caller (flow)',
        db.select().from(cohortMembers).where(eq(cohortMembers.userId, member!.user_id)).toSQL(),
      ],
    ];
    for (const [name, q] of queries) {
      // Once to warm the cache, then the plan that is printed.
      await client.query(q.sql, q.params as unknown[]);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${q.sql}`,
        q.params as unknown[],
      );
      log(`\n-- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await client.end();
    await database.close();
  }
}
