// The final state of a database without ids or timestamps: what members wrote, keyed by natural
// keys (e-mail, habit name, date), sorted, so two databases can be compared line by line.
import pg from 'pg';

const CANONICAL = {
  users: `select email, full_name, time_zone, role, terms_accepted_at is not null as accepted from users order by email`,
  identities: `select u.email, i.subject from identities i join users u on u.id = i.user_id order by 1, 2`,
  cohort_members: `select c.name, u.email from cohort_members m join cohorts c on c.id = m.cohort_id
    join users u on u.id = m.user_id order by 1, 2`,
  user_habits: `select u.email, h.name, uh.status, uh.slot, uh.started_on::text, uh.target_days from user_habits uh
    join users u on u.id = uh.user_id join habits h on h.id = uh.habit_id order by 1, 2, 3, 5`,
  habit_logs: `select u.email, h.name, l.log_date::text, l.log_type, l.note, pc.name as change from habit_logs l
    join user_habits uh on uh.id = l.user_habit_id join users u on u.id = uh.user_id
    join habits h on h.id = uh.habit_id left join positive_changes pc on pc.id = l.positive_change_id
    order by 1, 2, 3`,
  mood_entries: `select u.email, m.entry_date::text, m.mood_value, m.skipped from mood_entries m
    join users u on u.id = m.user_id order by 1, 2`,
  endorsements: `select a.email, b.email as endorsed, e.endorsed_on::text, e.message from endorsements e
    join users a on a.id = e.endorser_id join users b on b.id = e.endorsed_id order by 1, 2, 3`,
};

export async function canonicalDump(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dump = {};
    for (const [table, query] of Object.entries(CANONICAL)) {
      const { rows } = await client.query(query);
      dump[table] = rows.map((row) => JSON.stringify(Object.values(row)));
    }
    return dump;
  } finally {
    await client.end();
  }
}

// Differences per table: rows only in a, rows only in b (first few of each).
export function compareDumps(a, b) {
  const differences = [];
  for (const table of Object.keys(CANONICAL)) {
    const inB = new Set(b[table]);
    const inA = new Set(a[table]);
    const onlyA = a[table].filter((row) => !inB.has(row));
    const onlyB = b[table].filter((row) => !inA.has(row));
    if (onlyA.length || onlyB.length || a[table].length !== b[table].length) {
      differences.push({
        table,
        rowsA: a[table].length,
        rowsB: b[table].length,
        onlyA: onlyA.slice(0, 3),
        onlyB: onlyB.slice(0, 3),
      });
    }
  }
  return differences;
}
