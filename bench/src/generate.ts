// Builds the benchmark organisation with set-based SQL (generate_series, insert … select): nothing
// is inserted row by row from Node. The same statements run on PostgreSQL and PGlite.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.ts';

// Bump when the generated data changes shape: a cached database with another version is rebuilt.
// 6: active habits start 20 to 52 days ago, inside their 60-day frame for a week (decision 014).
export const GENERATOR_VERSION = 6;

// Issuer of the benchmark's access tokens; identities are generated for it.
export const BENCH_ISSUER = 'https://bench.habitrack.local/';

export type Scale = {
  name: 'full' | 'pglite' | 'smoke' | 'org200';
  // Cohorts of `cohortSize` members, plus one small cohort of `smallCohortSize`.
  cohorts: number;
  cohortSize: number;
  smallCohortSize: number;
  // Days of history of a long-standing member; every 100th member has only a week.
  historyDays: number;
};

export const FULL: Scale = { name: 'full', cohorts: 100, cohortSize: 200, smallCohortSize: 20, historyDays: 365 };
// PGlite (single-threaded WebAssembly) builds data far more slowly: a fifth of the organisation,
// with the same cohort sizes and history length, so per-request work is the same.
export const PGLITE: Scale = { name: 'pglite', cohorts: 20, cohortSize: 200, smallCohortSize: 20, historyDays: 365 };
export const SMOKE: Scale = { name: 'smoke', cohorts: 2, cohortSize: 200, smallCohortSize: 20, historyDays: 120 };
// A 200-member organisation with a year of history (one cohort and its team, its first member a
// leader): the insights' answer for the benchmark organisation is compared with its answer here.
export const ORG200: Scale = { name: 'org200', cohorts: 1, cohortSize: 200, smallCohortSize: 0, historyDays: 365 };

export const WEEK_DAYS = 7;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// One statement at a time (PGlite's extended protocol takes one per call); `;` ends a statement
// only at the end of a line.
export async function run(database: Database, statements: string): Promise<void> {
  for (const statement of statements.split(/;\s*\n/)) {
    if (statement.trim()) await database.db.execute(sql.raw(statement));
  }
}

// Bulk loads run with foreign-key triggers off (the generator's rows are consistent by
// construction) and with the table's indexes dropped, then rebuilt once: much faster than
// maintaining random-UUID indexes row by row.
async function loadWithoutIndexes(database: Database, table: string, load: string): Promise<void> {
  const constraints = await query<{ name: string; def: string }>(
    database,
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = '${table}'::regclass and contype in ('p', 'u')`,
  );
  const indexes = await query<{ name: string; def: string }>(
    database,
    `select indexname as name, indexdef as def from pg_indexes where tablename = '${table}'
       and indexname not in (select conname from pg_constraint where conrelid = '${table}'::regclass)`,
  );
  for (const c of constraints) await run(database, `alter table ${table} drop constraint ${c.name}`);
  for (const i of indexes) await run(database, `drop index ${i.name}`);
  await run(database, `set session_replication_role = replica`);
  try {
    await run(database, load);
  } finally {
    await run(database, `set session_replication_role = default`);
  }
  for (const c of constraints) await run(database, `alter table ${table} add constraint ${c.name} ${c.def}`);
  for (const i of indexes) await run(database, i.def);
}

export async function query<T>(database: Database, statement: string): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(sql.raw(statement)));
}

export type Marker = { version: number; scale: string; generatedOn: string; seconds: number };

export async function readMarker(database: Database): Promise<Marker | null> {
  const [exists] = await query<{ present: boolean }>(
    database,
    `select to_regclass('bench_meta') is not null as present`,
  );
  if (!exists?.present) return null;
  const [row] = await query<{ value: string }>(database, `select value from bench_meta where key = 'generator'`);
  return row ? (JSON.parse(row.value) as Marker) : null;
}

// Statements in order. `today` is the generation date (UTC); history ends on it.
function statements(scale: Scale, today: string): [label: string, statement: string, bulkTable?: string][] {
  const members = scale.cohorts * scale.cohortSize;
  const total = members + scale.smallCohortSize;
  const d = (expr: string) => `(date '${today}' ${expr})`;
  return [
    [
      'bench tables',
      `create table bench_meta (key text primary key, value text not null);
       create table bench_users (n int primary key, user_id uuid not null, cohort_no int not null, history_days int not null);
       create table bench_user_habits (id uuid primary key, n int not null, s int not null, active boolean not null,
         habit_id uuid not null, started_on date not null, last_day date not null)`,
    ],
    [
      'organisation and programme',
      `insert into organisations (slug, name, email_domains) values ('bench', 'Benchmark Organisation', '{bench.example}');
       insert into programmes (organisation_id, slug, name, description, starts_at)
         select id, 'leadership', 'Leadership Essentials', 'A year-long leadership programme.', ${d('- 400')}::timestamptz
         from organisations where slug = 'bench';
       insert into modules (programme_id, position, name)
         select p.id, g, 'Module ' || g from programmes p, generate_series(1, 6) g where p.slug = 'leadership';
       insert into behaviours (programme_id, position, name, description)
         select p.id, g, 'Behaviour ' || g, 'What leaders do in area ' || g || '.' from programmes p, generate_series(1, 5) g
         where p.slug = 'leadership';
       insert into habits (behaviour_id, position, name, description, instructions, difficulty, estimated_time_minutes,
           default_duration_days, tips)
         select b.id, g, 'Habit ' || b.position || '.' || g, 'A small daily practice.', 'Do it every working day.',
           (array['easy', 'medium', 'hard'])[1 + g % 3]::habit_difficulty, 5 * g, 60, array['Start small', 'Same time each day']
         from behaviours b, generate_series(1, 4) g;
       insert into positive_changes (habit_id, position, name, description, category)
         select h.id, g, 'Change ' || g || ' of ' || h.name, 'Something that got better.',
           (array['focus', 'energy', 'relationships'])[g]
         from habits h, generate_series(1, 3) g;
       insert into organizational_goals (programme_id, title, description, sequence_order)
         select p.id, 'Goal ' || g, 'An organisational goal.', g from programmes p, generate_series(1, 3) g;
       insert into cohorts (organisation_id, programme_id, name)
         select o.id, p.id, 'Cohort ' || lpad(g::text, 3, '0') from organisations o, programmes p,
           generate_series(1, ${scale.cohorts + 1}) g
         where o.slug = 'bench' and p.slug = 'leadership'`,
    ],
    [
      'users, identities, cohort members',
      `insert into users (organisation_id, email, full_name, job_title, role, time_zone, terms_accepted_at,
           privacy_accepted_at, created_at)
         select o.id, 'member' || g || '@bench.example', 'Member ' || lpad(g::text, 5, '0'), 'Manager', 'member',
           (array['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York'])[1 + g % 4],
           ${d(`- ${scale.historyDays}`)}::timestamptz, ${d(`- ${scale.historyDays}`)}::timestamptz, ${d(`- ${scale.historyDays}`)}::timestamptz
         from organisations o, generate_series(1, ${total}) g where o.slug = 'bench';
       insert into bench_users (n, user_id, cohort_no, history_days)
         select g, u.id, case when g <= ${members} then (g - 1) / ${scale.cohortSize} + 1 else ${scale.cohorts + 1} end,
           case when g <= ${members} and g % 100 = 0 then ${WEEK_DAYS} else ${scale.historyDays} end
         from generate_series(1, ${total}) g join users u on u.email = 'member' || g || '@bench.example';
       insert into identities (user_id, provider, issuer, subject)
         select user_id, 'auth0', '${BENCH_ISSUER}', 'bench|' || n from bench_users;
       insert into cohort_members (cohort_id, user_id)
         select c.id, b.user_id from bench_users b join cohorts c on c.name = 'Cohort ' || lpad(b.cohort_no::text, 3, '0')`,
    ],
    [
      'user habits',
      // 1 to 3 active habits per member (slot s); a long-standing member's active habit started
      // 20 to 52 days ago, so its 60-day frame is not over while the data is kept (a week; decision
      // 014), and an ended habit in the same slot holds the year before it.
      `create temporary table bench_habit_numbers as
         select (row_number() over (order by b.position, h.position) - 1)::int as k, h.id
         from habits h join behaviours b on b.id = h.behaviour_id;
       insert into bench_user_habits (id, n, s, active, habit_id, started_on, last_day)
         select gen_random_uuid(), b.n, s, true, hn.id,
           ${d('')} - (least(b.history_days, 20 + (b.n * 13 + s * 29) % 33) - 1), ${d('')}
         from bench_users b cross join generate_series(1, 3) s
         join bench_habit_numbers hn on hn.k = (b.n * 7 + s * 5) % 20
         where s <= 1 + b.n % 3;
       insert into bench_user_habits (id, n, s, active, habit_id, started_on, last_day)
         select gen_random_uuid(), a.n, a.s, false, hn.id, ${d(`- ${scale.historyDays - 1}`)}, a.started_on - 1
         from bench_user_habits a join bench_users b on b.n = a.n
         join bench_habit_numbers hn on hn.k = (a.n * 7 + a.s * 5 + 1) % 20
         where a.active and b.history_days > ${WEEK_DAYS} and a.started_on > ${d(`- ${scale.historyDays - 1}`)};
       set session_replication_role = replica;
       insert into user_habits (id, user_id, habit_id, status, slot, started_on, target_days, ended_on, created_at)
         select h.id, b.user_id, h.habit_id, case when h.active then 'active' else 'ended' end::user_habit_status,
           case when h.active then h.s end, h.started_on, 60, case when h.active then null else h.last_day end,
           h.started_on::timestamptz
         from bench_user_habits h join bench_users b on b.n = h.n;
       set session_replication_role = default`,
    ],
    [
      'habit logs',
      // A log on 80 % of days: 72 % completed, 8 % skipped; a positive change on a quarter of them.
      `insert into habit_logs (user_habit_id, log_date, log_type, positive_change_id, created_at, updated_at)
         select h.id, x.day, case when x.r < 72 then 'completed' else 'skipped' end::habit_log_type,
           pc.id, x.day + time '19:00', x.day + time '19:00'
         from bench_user_habits h
         cross join lateral (
           select g::date as day, abs(hashint8(h.n::bigint * 1000003 + (g::date - date '2000-01-01') * 7 + h.s)) % 100 as r
           from generate_series(h.started_on::timestamp, h.last_day::timestamp, interval '1 day') g
         ) x
         left join positive_changes pc on x.r < 18 and pc.habit_id = h.habit_id and pc.position = 1 + x.r % 3
         where x.r < 80`,
      'habit_logs',
    ],
    [
      'habit progress',
      // The bulk load ran without triggers: the stored progress is computed once, set-based.
      `select user_habit_progress_refresh(array(select id from user_habits), false)`,
    ],
    [
      'moods',
      // A mood on about half the days, 1 in 10 of them a skip.
      `insert into mood_entries (user_id, entry_date, mood_value, skipped, created_at)
         select b.user_id, x.day, case when x.r >= 45 then null else 1 + x.r % 5 end, x.r >= 45, x.day + time '08:00'
         from bench_users b
         cross join lateral (
           select g::date as day, abs(hashint8(b.n::bigint * 7919 + (g::date - date '2000-01-01'))) % 100 as r
           from generate_series(date '${today}'::timestamp - (b.history_days - 1) * interval '1 day',
             date '${today}'::timestamp, interval '1 day') g
         ) x
         where x.r < 50`,
      'mood_entries',
    ],
    [
      'endorsements',
      // About once a week a member endorses a cohort mate.
      `insert into endorsements (endorser_id, endorsed_id, endorsed_on, message, created_at)
         select b.user_id, m.user_id, x.day, 'Great work this week!', x.day + time '12:00'
         from bench_users b
         cross join lateral (
           select g::date as day, abs(hashint8(b.n::bigint * 104729 + (g::date - date '2000-01-01'))) % 700 as r
           from generate_series(date '${today}'::timestamp - (b.history_days - 1) * interval '1 day',
             date '${today}'::timestamp, interval '1 day') g
         ) x
         join bench_users m on m.cohort_no = b.cohort_no and m.n <> b.n
           and m.n = case when b.cohort_no > ${scale.cohorts} then ${members + 1} + (x.r * 7 + b.n) % ${scale.smallCohortSize}
             else (b.cohort_no - 1) * ${scale.cohortSize} + 1 + (x.r * 7 + b.n) % ${scale.cohortSize} end
         where x.r < 100`,
      'endorsements',
    ],
    [
      'teams, leaders, insights',
      // A team per cohort (its department's members), the first member of each cohort a leader (the
      // insights target's callers), then the prepared aggregates of the insights built set-based
      // (migration 0013), since the bulk loads ran without triggers.
      `insert into teams (organisation_id, name)
         select o.id, 'Team ' || lpad(g::text, 3, '0') from organisations o, generate_series(1, ${scale.cohorts + 1}) g
         where o.slug = 'bench';
       set session_replication_role = replica;
       update users u set team_id = t.id, role = case when (b.n - 1) % ${scale.cohortSize} = 0 or b.n = ${members + 1}
           then 'leader' else 'member' end::user_role
         from bench_users b join teams t on t.name = 'Team ' || lpad(b.cohort_no::text, 3, '0')
         where u.id = b.user_id;
       set session_replication_role = default;
       select insight_rebuild()`,
    ],
    // As autovacuum would: statistics, and the visibility map that index-only scans rely on.
    ['vacuum and statistics', `vacuum analyze`],
  ];
}

export type RowCounts = Record<string, number>;

export async function rowCounts(database: Database): Promise<RowCounts> {
  const tables = ['users', 'cohorts', 'cohort_members', 'user_habits', 'habit_logs', 'mood_entries', 'endorsements'];
  const [row] = await query<Record<string, string>>(
    database,
    `select ${tables.map((t) => `(select count(*) from ${t}) as ${t}`).join(', ')}`,
  );
  return Object.fromEntries(tables.map((t) => [t, Number(row?.[t] ?? 0)]));
}

// Generates into an empty, migrated database and writes the marker last, so an interrupted
// generation is detected (no marker) and redone.
export async function generate(database: Database, scale: Scale, log: (line: string) => void): Promise<Marker> {
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  await run(database, `set jit = off`);
  for (const [label, statement, bulkTable] of statements(scale, today)) {
    const t0 = performance.now();
    if (bulkTable) await loadWithoutIndexes(database, bulkTable, statement);
    else await run(database, statement);
    log(`  ${label.padEnd(36)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const marker: Marker = {
    version: GENERATOR_VERSION,
    scale: scale.name,
    generatedOn: today,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  await run(database, `insert into bench_meta (key, value) values ('generator', '${JSON.stringify(marker)}')`);
  return marker;
}
