// The members' traffic: a deterministic list of operations (reads and writes), replayed by
// autocannon for a given time, then every write once more ("sweep") so the final state depends
// only on the list, never on how far the timed part got.
import autocannon from 'autocannon';
import pg from 'pg';
import { DOMAIN } from './seed.mjs';

// What each operation may answer. Mood and endorsements are once-only rules: a repeat is refused
// with 409 (one mood per day, docs/domain/mood.md#one-entry-a-day; one endorsement per person per
// day, docs/domain/standings-and-endorsements.md#endorsing-a-cohort-mate). A repeated check-in for
// the same day updates the log: 201 when created, 200 when updated.
export const EXPECTED = {
  dashboard: [200],
  'cohort-members': [200],
  'flow-status': [200],
  'sign-in': [200],
  'my-habits': [200],
  'check-in-screen': [200],
  'habit-log': [200, 201],
  mood: [201, 409],
  endorsement: [201, 409],
};
const WRITES = new Set(['habit-log', 'mood', 'endorsement']);

function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function shuffled(items, seed) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function localDate(date, timeZone, daysBack = 0) {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - daysBack)).toISOString().slice(0, 10);
}

// Per member and pass: 12 reads, a check-in for each active habit on each of the last three
// days, one mood and two endorsements of cohort mates. Ids come from this database; everything
// else from the member's index, so two databases seeded alike get the same operations.
export async function buildOperations({ databaseUrl, people, tokens, now }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let userRows;
  let habitRows;
  try {
    ({ rows: userRows } = await client.query('select id, email from users where email like $1', [`%@${DOMAIN}`]));
    ({ rows: habitRows } = await client.query(
      `select u.email, uh.slot, h.id as habit_id, h.name,
         (select pc.id from positive_changes pc where pc.habit_id = h.id order by pc.position limit 1) as change_id
       from user_habits uh join users u on u.id = uh.user_id join habits h on h.id = uh.habit_id
       where uh.status = 'active' and u.email like $1 order by u.email, uh.slot`,
      [`%@${DOMAIN}`],
    ));
  } finally {
    await client.end();
  }
  const userId = new Map(userRows.map((r) => [r.email, r.id]));
  const habitsOf = new Map();
  for (const row of habitRows) habitsOf.set(row.email, [...(habitsOf.get(row.email) ?? []), row]);
  const cohortOf = new Map();
  for (const p of people) cohortOf.set(p.cohort, [...(cohortOf.get(p.cohort) ?? []), p]);

  const ops = [];
  for (const p of people) {
    const auth = { authorization: `Bearer ${tokens.get(p.email)}`, 'x-time-zone': p.timeZone };
    const read = (kind, path) => ({ kind, email: p.email, method: 'GET', path, headers: auth });
    const write = (kind, path, body) => ({
      kind,
      email: p.email,
      method: 'POST',
      path,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const habits = habitsOf.get(p.email) ?? [];
    for (let i = 0; i < 4; i++) ops.push(read('dashboard', '/api/v1/dashboard'));
    for (let i = 0; i < 3; i++) ops.push(read('cohort-members', '/api/v1/social/cohort/members'));
    for (let i = 0; i < 3; i++) ops.push(read('flow-status', '/api/v1/auth/user-flow-status'));
    ops.push(read('my-habits', '/api/v1/habits/my-active'));
    ops.push(read('check-in-screen', `/api/v1/habits/${habits[0].habit_id}/log/today`));
    for (const habit of habits) {
      for (let back = 0; back < 3; back++) {
        const date = localDate(now, p.timeZone, back);
        const h = hash(`${p.email}/${habit.name}/${date}`);
        const completed = h % 5 !== 0;
        ops.push(
          write('habit-log', `/api/v1/habits/${habit.habit_id}/log`, {
            log_type: completed ? 'completed' : 'skipped',
            note: h % 3 === 0 ? null : `${completed ? 'Did it' : 'Missed it'} on ${date}: ${habit.name}`,
            positive_change_id: completed && h % 2 === 0 ? habit.change_id : null,
            log_date: date,
          }),
        );
      }
    }
    ops.push(write('mood', '/api/v1/mood', { mood_value: 1 + (hash(p.email) % 5) }));
    const mates = cohortOf.get(p.cohort);
    const at = mates.indexOf(p);
    for (const offset of [1, 2]) {
      const mate = mates[(at + offset) % mates.length];
      if (mate === p) continue;
      ops.push(
        write('endorsement', '/api/v1/social/endorsements', {
          endorsed_user_id: userId.get(mate.email),
          message: `Great consistency this week, ${mate.fullName.split(' ')[0]}!`,
        }),
      );
    }
  }
  return shuffled(ops, 20261122);
}

export function newTally() {
  return { byKind: {}, unexpected: [], unexpectedCount: 0 };
}

function record(tally, kind, status, body) {
  const counts = (tally.byKind[kind] ??= {});
  counts[status] = (counts[status] ?? 0) + 1;
  if (!EXPECTED[kind].includes(status)) {
    tally.unexpectedCount += 1;
    if (tally.unexpected.length < 10) tally.unexpected.push({ kind, status, body: String(body).slice(0, 300) });
  }
}

// autocannon, 100 connections by default; each request takes the next operation of the list.
export async function runLoad({ url, ops, seconds, connections, tally, cursor }) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request, context) => {
          const op = ops[cursor.next++ % ops.length];
          context.kind = op.kind;
          return { ...request, method: op.method, path: op.path, headers: op.headers, body: op.body };
        },
        onResponse: (status, body, context) => record(tally, context.kind, status, body),
      },
    ],
  });
  return result;
}

// Every write of the list once, 16 at a time, and every member's first sign-in likewise.
export async function runEach({ url, ops, tally, concurrency = 16 }) {
  let next = 0;
  const worker = async () => {
    while (next < ops.length) {
      const op = ops[next++];
      const response = await fetch(`${url}${op.path}`, { method: op.method, headers: op.headers, body: op.body });
      record(tally, op.kind, response.status, await response.text());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export const writesOf = (ops) => {
  const seen = new Set();
  return ops.filter((op) => {
    if (!WRITES.has(op.kind)) return false;
    const key = `${op.email} ${op.path} ${op.body}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

// Latency of each kind of operation with nothing else in flight: the median of a few requests,
// sent one after another. Tells the cost of a request apart from the time spent queueing.
export async function probe({ url, ops, perKind = 9 }) {
  const medians = {};
  for (const kind of Object.keys(EXPECTED)) {
    const sample = ops.filter((op) => op.kind === kind).slice(0, perKind);
    if (!sample.length) continue;
    const times = [];
    for (const op of sample) {
      const started = performance.now();
      const response = await fetch(`${url}${op.path}`, { method: op.method, headers: op.headers, body: op.body });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    medians[kind] = Number(times[Math.floor(times.length / 2)].toFixed(1));
  }
  return medians;
}
