// kill -9 the API mid-write, restart it on the same data, and check that every write the API
// acknowledged is still there. Usage:
//   npx tsx scripts/resilience/kill-test.ts --db pglite|postgres [--kills 10]
// PostgreSQL: a fresh database is created (and dropped afterwards) on RESILIENCE_DATABASE_URL,
// else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
// Exits 1 when an acknowledged write is missing or the database does not open after a kill.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import {
  spawnApi,
  startAuthority,
  waitUntilHealthy,
  type ApiDatabase,
  type ApiProcess,
  type Authority,
} from '../../apps/api/src/test/api-process.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    kills: { type: 'string', default: '10' },
    // Writes run for a random time in [min, max] ms before the kill.
    'min-ms': { type: 'string', default: '1500' },
    'max-ms': { type: 'string', default: '5000' },
    // Checks the checker: hides one acknowledged insert and rolls one check-in back to an older
    // note in what is read back, so the run must report two lost writes and fail.
    'self-check': { type: 'boolean', default: false },
  },
});
const kind = args.db === 'postgres' ? 'postgres' : 'pglite';
if (args.db !== kind) throw new Error(`--db must be pglite or postgres, got ${args.db}`);
const kills = Number(args.kills);
const minMs = Number(args['min-ms']);
const maxMs = Number(args['max-ms']);
const START_TIMEOUT_MS = 180_000;

// The demo members who track habits (seeded by server.ts outside production).
const WRITERS = [
  'priya.sharma@acme.example',
  'tom.gallagher@acme.example',
  'aisha.okoye@acme.example',
  'lucas.martin@acme.example',
  'hannah.berg@acme.example',
];

// One check-in per user habit per date: a key. Each write sets a unique note on its key.
type Attempt = { note: string; seq: number; acknowledged: boolean };
type Key = { userHabitId: string; date: string; attempts: Attempt[] };
// Writes that create a row once: today's mood, and an endorsement of each cohort mate. Each is
// sent once; an acknowledged one must be found by what the API answered.
type Insert = { kind: 'mood'; moodValue: number } | { kind: 'endorsement'; endorsedId: string; message: string };
type Writer = { email: string; userId: string; token: string; keys: Key[]; inserts: Insert[] };
// Acknowledged inserts, checked row by row: `table:identity` -> what the row must hold.
const acknowledgedInserts = new Map<string, string>();

type CycleResult = {
  acknowledged: number;
  found: number;
  lost: string[];
  writesPerSecond: number;
  restartMs: number | null;
  opened: boolean;
};

const keysById = new Map<string, Key>();
let seq = 0;
let runTag = '';

function keyOf(userHabitId: string, date: string): Key {
  const id = `${userHabitId}/${date}`;
  let key = keysById.get(id);
  if (!key) {
    key = { userHabitId, date, attempts: [] };
    keysById.set(id, key);
  }
  return key;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function api(base: ApiProcess, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

// Every date on which each writer's active habits can take a check-in today.
async function prepareWriters(server: ApiProcess, authority: Authority): Promise<Writer[]> {
  const writers: Writer[] = [];
  for (const email of WRITERS) {
    const token = await authority.token(email);
    const me = await api(server, token, 'GET', '/api/v1/auth/me');
    if (me.status !== 200) throw new Error(`${email}: me answered ${me.status}`);
    const mates = await api(server, token, 'GET', '/api/v1/social/cohort/members');
    if (mates.status !== 200) throw new Error(`${email}: cohort members answered ${mates.status}`);
    type Mate = { user: { id: string }; is_current_user: boolean; endorsed_today: boolean; active_habits: unknown[] };
    const inserts: Insert[] = [
      { kind: 'mood', moodValue: 1 + (WRITERS.indexOf(email) % 5) },
      ...(mates.body as Mate[])
        .filter((m) => !m.is_current_user && !m.endorsed_today && m.active_habits.length > 0)
        .map((m) => ({ kind: 'endorsement' as const, endorsedId: m.user.id, message: `${runTag} from ${email}` })),
    ];
    const active = await api(server, token, 'GET', '/api/v1/habits/my-active');
    if (active.status !== 200) throw new Error(`${email}: my-active answered ${active.status}`);
    const keys: Key[] = [];
    for (const userHabit of active.body as { id: string; started_on: string }[]) {
      const today = await api(server, token, 'GET', `/api/v1/habits/${userHabit.id}/log/today`);
      if (today.status !== 200) throw new Error(`${email}: today's log answered ${today.status}`);
      const todayDate = (today.body as { today: string }).today;
      // Stay a day clear of the 6-days-late limit, in case the date turns during the run.
      for (let back = 0; back <= 4; back++) {
        const date = addDays(todayDate, -back);
        if (date >= userHabit.started_on) keys.push(keyOf(userHabit.id, date));
      }
    }
    if (keys.length === 0) throw new Error(`${email} has no active habit to check in`);
    writers.push({ email, userId: (me.body as { id: string }).id, token, keys, inserts });
  }
  return writers;
}

// Each writer sends one write at a time, round the keys, until stopped; the acknowledged ones
// (2xx) are recorded as such. A write cut by the kill is recorded as attempted only.
function writeStream(server: ApiProcess, writers: Writer[], cycle: number) {
  let stopped = false;
  let acknowledged = 0;
  const unexpected: string[] = [];
  const loops = writers.map(async (writer, w) => {
    for (let i = 0; !stopped; i++) {
      if (i % 4 === 1 && writer.inserts.length > 0) {
        const insert = writer.inserts.shift()!;
        try {
          const outcome = await sendInsert(server, writer, insert);
          if (outcome === 'acknowledged') acknowledged++;
          else if (outcome !== 'already') unexpected.push(outcome);
          continue;
        } catch {
          return;
        }
      }
      const key = writer.keys[(i + w) % writer.keys.length]!;
      const attempt: Attempt = { note: `${runTag} c${cycle} w${w} #${++seq}`, seq, acknowledged: false };
      key.attempts.push(attempt);
      try {
        const response = await fetch(`${server.baseUrl}/api/v1/habits/${key.userHabitId}/log`, {
          method: 'POST',
          headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            log_type: i % 3 === 0 ? 'skipped' : 'completed',
            note: attempt.note,
            log_date: key.date,
          }),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        if (response.status === 200 || response.status === 201) {
          const log = JSON.parse(text) as { note: string | null; log_date: string };
          if (log.note !== attempt.note || log.log_date !== key.date) unexpected.push(`echo mismatch: ${text}`);
          attempt.acknowledged = true;
          acknowledged++;
        } else {
          unexpected.push(`HTTP ${response.status}: ${text}`);
          return;
        }
      } catch {
        // The process was killed under this request: not acknowledged.
        return;
      }
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
    settled: () => Promise.all(loops),
    acknowledged: () => acknowledged,
    unexpected,
  };
}

// 'already': today's mood was recorded before the run (the demo seed records some).
async function sendInsert(server: ApiProcess, writer: Writer, insert: Insert): Promise<string> {
  const [url, body] =
    insert.kind === 'mood'
      ? ['/api/v1/mood', { mood_value: insert.moodValue }]
      : ['/api/v1/social/endorsements', { endorsed_user_id: insert.endorsedId, message: insert.message }];
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (insert.kind === 'mood' && response.status === 409) return 'already';
  if (response.status !== 201) return `HTTP ${response.status} on ${url}: ${text}`;
  if (insert.kind === 'mood') {
    const entry = JSON.parse(text) as { entry_date: string; mood_value: number };
    acknowledgedInserts.set(`mood_entries:${writer.userId}/${entry.entry_date}`, String(insert.moodValue));
  } else {
    const endorsement = JSON.parse(text) as { id: string };
    acknowledgedInserts.set(`endorsements:${endorsement.id}`, insert.message);
  }
  return 'acknowledged';
}

// Reads every key's note straight from the database and checks it is the last acknowledged
// write or one attempted after it (a write in flight at the kill may or may not have committed).
async function verify(readNotes: () => Promise<Map<string, string | null>>) {
  const notes = await readNotes();
  if (args['self-check']) {
    const [insertId] = acknowledgedInserts.keys();
    if (insertId) notes.delete(insertId);
    const rolledBack = [...keysById].find(([, key]) => key.attempts.filter((a) => a.acknowledged).length >= 2);
    if (rolledBack) {
      const acked = rolledBack[1].attempts.filter((a) => a.acknowledged);
      notes.set(rolledBack[0], acked[acked.length - 2]!.note);
    }
  }
  let acknowledged = 0;
  let found = 0;
  const lost: string[] = [];
  for (const [id, expected] of acknowledgedInserts) {
    acknowledged++;
    if (notes.get(id) === expected) found++;
    else lost.push(`${id}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(notes.get(id) ?? null)}`);
  }
  for (const [id, key] of keysById) {
    const acked = key.attempts.filter((a) => a.acknowledged);
    acknowledged += acked.length;
    if (acked.length === 0) continue;
    const stored = notes.get(id);
    const match = stored === undefined ? undefined : key.attempts.find((a) => a.note === stored);
    const lastAcked = acked[acked.length - 1]!;
    if (!match || match.seq < lastAcked.seq) {
      lost.push(`${id}: expected "${lastAcked.note}" (or a later write), found ${JSON.stringify(stored ?? null)}`);
      found += acked.filter((a) => match && a.seq <= match.seq).length;
    } else {
      found += acked.length;
    }
  }
  return { acknowledged, found, lost };
}

// Everything the run checks, as identity -> value (the identities used by verify()).
const READ_BACK = `
  select user_habit_id || '/' || to_char(log_date, 'YYYY-MM-DD') as k, note as v from habit_logs
  union all
  select 'mood_entries:' || user_id || '/' || to_char(entry_date, 'YYYY-MM-DD'), mood_value::text from mood_entries
  union all
  select 'endorsements:' || id, message from endorsements`;

type Row = { k: string; v: string | null };
const toMap = (rows: Row[]) => new Map(rows.map((r) => [r.k, r.v]));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  runTag = `kill-${randomBytes(3).toString('hex')}`;
  const authority = await startAuthority();
  let database: ApiDatabase;
  let scratch: string | null = null;
  let readNotes: () => Promise<Map<string, string | null>>;
  let cleanup = async () => {};
  if (kind === 'pglite') {
    scratch = mkdtempSync(path.join(tmpdir(), 'habitrack-kill-'));
    const dataDir = path.join(scratch, 'data');
    database = { dataDir };
    // Opening the folder here, right after the kill, is the "does it open" check (and takes over
    // the dead process's lock); the API restarts on it afterwards.
    readNotes = async () => {
      const opened = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const result = await opened.db.execute(READ_BACK);
        return toMap((result as unknown as { rows: Row[] }).rows);
      } finally {
        await opened.close();
      }
    };
    cleanup = async () => rmSync(scratch!, { recursive: true, force: true });
  } else {
    const serverUrl =
      process.env.RESILIENCE_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `habitrack_kill_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { databaseUrl: url.toString() };
    readNotes = async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return toMap((await client.query<Row>(READ_BACK)).rows);
      } finally {
        await client.end();
      }
    };
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }

  const results: CycleResult[] = [];
  let server: ApiProcess | null = null;
  let failed = false;
  try {
    console.log(`kill -9 test on ${kind}: ${kills} kills, writes for ${minMs}-${maxMs} ms before each`);
    const firstStart = Date.now();
    server = await spawnApi({ database, authority });
    await waitUntilHealthy(server, START_TIMEOUT_MS);
    console.log(`  first start (create, migrate, seed): ${Date.now() - firstStart} ms`);
    const writers = await prepareWriters(server, authority);
    console.log(`  ${writers.length} writers, ${keysById.size} check-in keys`);

    for (let cycle = 1; cycle <= kills; cycle++) {
      const stream = writeStream(server, writers, cycle);
      const startedAt = Date.now();
      const killAfter = minMs + Math.random() * (maxMs - minMs);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      const ackedBefore = stream.acknowledged();
      server.child.kill('SIGKILL');
      await server.exited;
      await stream.settled();
      const elapsed = (Date.now() - startedAt) / 1000;
      if (stream.unexpected.length) {
        failed = true;
        console.error(`  cycle ${cycle}: unexpected answers:\n    ${stream.unexpected.slice(0, 5).join('\n    ')}`);
      }

      let opened = true;
      let check = { acknowledged: 0, found: 0, lost: [] as string[] };
      try {
        check = await verify(readNotes);
      } catch (error) {
        opened = false;
        console.error(`  cycle ${cycle}: the database did not open after the kill: ${String(error)}`);
      }

      const restartAt = Date.now();
      let restartMs: number | null = null;
      try {
        server = await spawnApi({ database, authority });
        await waitUntilHealthy(server, START_TIMEOUT_MS);
        restartMs = Date.now() - restartAt;
      } catch (error) {
        opened = false;
        console.error(`  cycle ${cycle}: the API did not restart: ${String(error)}`);
      }
      const result: CycleResult = {
        acknowledged: check.acknowledged,
        found: check.found,
        lost: check.lost,
        writesPerSecond: ackedBefore / elapsed,
        restartMs,
        opened,
      };
      results.push(result);
      console.log(
        `  kill ${String(cycle).padStart(2)} after ${Math.round(killAfter)} ms: acknowledged so far ${result.acknowledged}, ` +
          `found ${result.found}, lost ${result.lost.length}, ~${result.writesPerSecond.toFixed(0)} writes/s, ` +
          `restart ${restartMs ?? 'FAILED'} ms`,
      );
      for (const line of result.lost.slice(0, 10)) console.error(`    lost: ${line}`);
      if (!opened || result.lost.length) {
        failed = true;
        if (restartMs === null) break;
      }
    }
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await authority.close();
    await cleanup();
  }

  const last = results[results.length - 1];
  const restarts = results.map((r) => r.restartMs).filter((ms): ms is number => ms !== null);
  console.log(`\nSummary (${kind}):`);
  console.log(`  kills: ${results.length}`);
  console.log(`  acknowledged writes: ${last?.acknowledged ?? 0}`);
  console.log(`  found after the kills: ${last?.found ?? 0}`);
  // A lost write shows in the check right after its kill; later writes may overwrite its key.
  console.log(`  lost: ${Math.max(0, ...results.map((r) => r.lost.length))} (most in one check)`);
  console.log(
    `  of which inserts (mood, endorsements): ${acknowledgedInserts.size} acknowledged; the rest are check-ins over ${keysById.size} keys`,
  );
  console.log(`  failed opens/restarts: ${results.filter((r) => !r.opened).length}`);
  if (restarts.length) {
    console.log(
      `  restart time after kill -9: median ${median(restarts)} ms, min ${Math.min(...restarts)} ms, max ${Math.max(...restarts)} ms`,
    );
    console.log(`  per kill (ms): ${restarts.join(', ')}`);
  }
  console.log(
    `  write rate before the kill: median ${median(results.map((r) => r.writesPerSecond)).toFixed(0)} writes/s`,
  );
  if (failed || results.length < kills) {
    console.error(`\nFAILED: the ${kind} kill -9 test found lost writes or a database that did not open.`);
    process.exit(1);
  }
  console.log(`\nPASSED: no acknowledged write was lost on ${kind}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
