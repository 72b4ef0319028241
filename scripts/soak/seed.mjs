// Fresh PostgreSQL databases for the load test: migrated and filled through the import CLI
// (programme and people files), then members' onboarding and history written with SQL.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kofi', 'Lena'];
const LAST = ['Okafor', 'Schmidt', 'Tanaka', 'Moreau', 'Silva', 'Novak', 'Haddad', 'Larsen', 'Kowalski', 'Reyes'];
const TEAMS = ['Engineering', 'Sales', 'Finance', 'Operations', 'Marketing', 'People'];
export const TIME_ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Tokyo',
  'Australia/Sydney',
];
export const DOMAIN = 'soak.example';

// The members, identical for every database: e-mail, name, zone, cohort.
export function members({ count, cohortSize }) {
  return Array.from({ length: count }, (_, i) => ({
    index: i,
    email: `member-${String(i).padStart(4, '0')}@${DOMAIN}`,
    fullName: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    timeZone: TIME_ZONES[i % TIME_ZONES.length],
    cohort: Math.floor(i / cohortSize),
    team: TEAMS[i % TEAMS.length],
    // Two or three active habits each, as members choose up to three.
    habitCount: 2 + (i % 2),
  }));
}

function peopleYaml(people) {
  const cohorts = [...new Set(people.map((p) => p.cohort))];
  const lines = [
    'version: 1',
    'organisation:',
    '  slug: acme-corp',
    '  name: Acme Corp',
    `  email_domains: [${DOMAIN}]`,
    'teams:',
    ...TEAMS.flatMap((name) => [`  - name: ${name}`, '    type: department']),
    'users:',
    ...people.flatMap((p) => [
      `  - email: ${p.email}`,
      `    full_name: ${p.fullName}`,
      `    job_title: ${p.team} lead`,
      `    time_zone: ${p.timeZone}`,
    ]),
    'cohorts:',
    ...cohorts.flatMap((c) => [
      `  - name: Cohort ${String(c + 1).padStart(2, '0')}`,
      '    programme: leadership-excellence',
      `    members: [${people
        .filter((p) => p.cohort === c)
        .map((p) => p.email)
        .join(', ')}]`,
    ]),
  ];
  return `${lines.join('\n')}\n`;
}

export async function createDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}"`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

function cli(root, databaseUrl, args) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/main.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`import failed (${args.join(' ')}):\n${run.stdout}${run.stderr}`);
  return run.stdout.trim();
}

// Imports, then: terms accepted, habits chosen three weeks ago, two weeks of check-ins and moods
// before the days the load test writes. Everything derives from the member's index, so every
// database seeded with the same count is the same (bar generated ids and timestamps).
export async function seedDatabase({ root, databaseUrl, people, scratch }) {
  const peopleFile = path.join(scratch, 'people.yaml');
  writeFileSync(peopleFile, peopleYaml(people));
  const imported = [
    cli(root, databaseUrl, ['programme', 'import', path.join(root, 'apps/api/seed/programme.yaml')]),
    cli(root, databaseUrl, ['people', 'import', peopleFile]),
  ];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `update users set terms_accepted_at = now() - interval '30 days', privacy_accepted_at = now() - interval '30 days'
       where email like $1`,
      [`%@${DOMAIN}`],
    );
    const { rows: habitRows } = await client.query(
      `select h.id, h.name from habits h join behaviours b on b.id = h.behaviour_id order by b.position, h.position`,
    );
    const { rows: userRows } = await client.query('select id, email from users where email like $1', [`%@${DOMAIN}`]);
    const userId = new Map(userRows.map((r) => [r.email, r.id]));
    const values = [];
    const params = [];
    for (const p of people) {
      for (let slot = 1; slot <= p.habitCount; slot++) {
        const habit = habitRows[(p.index * 5 + (slot - 1) * 16) % habitRows.length];
        params.push(userId.get(p.email), habit.id, slot);
        const n = params.length;
        values.push(`($${n - 2}, $${n - 1}, 'active', $${n}, current_date - 21, 60)`);
      }
    }
    await client.query(
      `insert into user_habits (user_id, habit_id, status, slot, started_on, target_days) values ${values.join(', ')}`,
      params,
    );
    await client.query(
      `insert into habit_logs (user_habit_id, log_date, log_type)
       select uh.id, d::date,
         (case when abs(hashtext(u.email || uh.slot::text || d::date::text)) % 4 = 0 then 'skipped' else 'completed' end)::habit_log_type
       from user_habits uh join users u on u.id = uh.user_id
       cross join generate_series(current_date - 21, current_date - 7, interval '1 day') d
       where u.email like $1 and abs(hashtext(u.email || d::date::text)) % 5 <> 0`,
      [`%@${DOMAIN}`],
    );
    await client.query(
      `insert into mood_entries (user_id, entry_date, mood_value, skipped)
       select u.id, d::date, 1 + abs(hashtext(u.email || d::date::text)) % 5, false
       from users u cross join generate_series(current_date - 14, current_date - 7, interval '1 day') d
       where u.email like $1`,
      [`%@${DOMAIN}`],
    );
    await client.query('commit');
  } finally {
    await client.end();
  }
  return imported;
}
