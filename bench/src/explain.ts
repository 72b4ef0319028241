// Prints EXPLAIN (ANALYZE, BUFFERS) of the hot queries on the generated PostgreSQL data, built by
// the same query functions the API calls. Run: npm run bench -- --explain
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { dashboardFactsSql, dashboardVersionsSql } from '../../apps/api/src/db/queries/dashboard-facts.ts';
import { logHabitSql } from '../../apps/api/src/db/queries/habit-logs.ts';
import { cohortMembersFactsSql, cohortStandingsSql } from '../../apps/api/src/db/queries/standings.ts';
import { cohortMembers, identities, organisations, users } from '../../apps/api/src/db/schema/index.ts';
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
      version: string;
      user_habit_id: string;
    }>(
      database,
      `select b.n, b.user_id, cm.cohort_id, u.xmin::text || ':' || o.xmin::text as version,
         (select h.id::text from bench_user_habits h where h.n = b.n and h.active order by h.s limit 1) as user_habit_id
       from bench_users b
       join users u on u.id = b.user_id join organisations o on o.id = u.organisation_id
       join cohort_members cm on cm.user_id = b.user_id
       where b.history_days > 7 and b.n % 3 = 2 order by b.n limit 1 offset 4321`,
    );
    const { db } = database;
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    // Prepared-statement placeholders filled in as the API fills them.
    const bind = (q: Query, values: Record<string, unknown>): Query => ({
      sql: q.sql,
      params: q.params.map((p) =>
        p && typeof p === 'object' && 'name' in p ? values[(p as { name: string }).name] : p,
      ),
    });
    const base = {
      userId: member!.user_id,
      now: now.toISOString(),
      today,
      weekStart: today,
      issuer: BENCH_ISSUER,
      subject: `bench|${member!.n}`,
      version: member!.version,
    };
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
      [
        'dashboard, repeated read (whether the facts held are current; the rank from the standings below)',
        bind(dashboardVersionsSql(db), base),
      ],
      [
        'dashboard, first read or after a change (one statement; the rank from the standings below)',
        bind(dashboardFactsSql(db), base),
      ],
      ['cohort members (one statement; the standings below)', bind(cohortMembersFactsSql(db), base)],
      [
        'cohort standings, 200 members (once per change of the cohort, see docs/decisions/007)',
        bind(cohortStandingsSql(db), { cohortId: member!.cohort_id, now: now.toISOString() }),
      ],
      [
        'cohort members of the caller (flow)',
        db.select().from(cohortMembers).where(eq(cohortMembers.userId, member!.user_id)).toSQL(),
      ],
    ];
    const checkIn = bind(logHabitSql(db), {
      ...base,
      id: member!.user_habit_id,
      trusted: false,
      write: true,
      logDate: today,
      logType: 'completed',
      note: 'Done before the first meeting.',
      positiveChangeId: null,
    });
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
        `\n-- check-in (one statement, triggers included; rolled back)\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    } finally {
      await client.query('rollback');
    }
  } finally {
    await client.end();
    await database.close();
  }
}
