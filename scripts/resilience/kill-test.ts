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

// Demo members (seeded by server.ts outside production), in several time zones. Those with no
// active habit are left out.
const MEMBERS = [
  'priya.sharma@acme.example',
  'tom.gallagher@acme.example',
  'aisha.okoye@acme.example',
  'lucas.martin@acme.example',
  'hannah.berg@acme.example',
  'oliver.bennett@acme.example',
  'diego.alvarez@acme.example',
  'jonas.weber@acme.example',
  'chloe.dubois@acme.example',
  'grace.murphy@acme.example',
];

// One check-in per user habit per date: a key. Each write sets a unique note on its key.
type Attempt = { note: string; seq: number; acknowledged: boolean };
type Key = { id: string; email: string; userHabitId: string; date: string; attempts: Attempt[]; refused?: string };
// Writes that create a row once: today's mood, and an endorsement of each cohort mate. Each is
// sent once; an acknowledged one must be found by what the API answered.
type Insert = { kind: 'mood'; moodValue: number } | { kind: 'endorsement'; endorsedId: string; message: string };
type Writer = { email: string; userId: string; token: string; keys: Key[]; inserts: Insert[] };
// Acknowledged inserts, checked row by row: `table:identity` -> what the row must hold.
const acknowledgedInserts = new Map<string, { value: string; what: string }>();

type CycleResult = {
  acknowledged: number;
  found: number;
  lost: string[];
  refused: number;
  writesPerSecond: number;
  restartMs: number | null;
  opened: boolean;
};

const keysById = new Map<string, Key>();
let seq = 0;
let runTag = '';

function keyOf(email: string, userHabitId: string, date: string): Key {
  const id = `${userHabitId}/${date}`;
  let key = keysById.get(id);
  if (!key) {
    key = { id, email, userHabitId, date, attempts: [] };
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

// The dates each member's active habits can take a check-in on now (docs/domain/check-ins.md):
// today and yesterday in the member's own time zone, not before the habit started. Two days back
// is allowed too, but is left out: should the member's date turn during the run, yesterday becomes
// two days back and is still allowed, where two days back would become three and be refused.
async function prepareWriters(server: ApiProcess, authority: Authority): Promise<Writer[]> {
  const writers: Writer[] = [];
  for (const email of MEMBERS) {
    const token = await authority.token(email);
    const me = await api(server, token, 'GET', '/api/v1/auth/me');
    if (me.status !== 200) throw new Error(`preparing ${email}: GET /api/v1/auth/me answered ${me.status}`);
    const active = await api(server, token, 'GET', '/api/v1/habits/my-active');
    if (active.status !== 200) throw new Error(`preparing ${email}: GET my-active answered ${active.status}`);
    const keys: Key[] = [];
    for (const userHabit of active.body as { id: string; started_on: string }[]) {
      const today = await api(server, token, 'GET', `/api/v1/habits/${userHabit.id}/log/today`);
      if (today.status !== 200) throw new Error(`preparing ${email}: today's log answered ${today.status}`);
      const todayDate = (today.body as { today: string }).today;
      for (const back of [0, 1]) {
        const date = addDays(todayDate, -back);
        if (date >= userHabit.started_on) keys.push(keyOf(email, userHabit.id, date));
      }
    }
    if (keys.length === 0) continue;
    const mates = await api(server, token, 'GET', '/api/v1/social/cohort/members');
    if (mates.status !== 200) throw new Error(`preparing ${email}: cohort members answered ${mates.status}`);
    type Mate = { user: { id: string }; is_current_user: boolean; endorsed_today: boolean; active_habits: unknown[] };
    const inserts: Insert[] = [
      { kind: 'mood', moodValue: 1 + (writers.length % 5) },
      ...(mates.body as Mate[])
        .filter((m) => !m.is_current_user && !m.endorsed_today && m.active_habits.length > 0)
        .map((m) => ({ kind: 'endorsement' as const, endorsedId: m.user.id, message: `${runTag} from ${email}` })),
    ];
    writers.push({ email, userId: (me.body as { id: string }).id, token, keys, inserts });
  }
  if (writers.length === 0) throw new Error(`none of ${MEMBERS.join(', ')} has an active habit to check in`);
  return writers;
}

// Writes in parallel until stopped: one lane per check-in key (so a key never has two writes in
// flight, and its last acknowledged write is well defined) and one lane per member for the
// one-time inserts. 2xx is acknowledged. A refusal (4xx: the rules turned the date down) is not
// acknowledged, never lost: the key is set aside with the reason. A 5xx or a wrong echo is a
// failure. A write cut by the kill is attempted only.
function writeStream(server: ApiProcess, writers: Writer[], cycle: number, stage: 'warm-up' | 'timed' = 'timed') {
  let stopped = false;
  let acknowledged = 0;
  let refused = 0;
  const unexpected: string[] = [];
  const phase = stage === 'warm-up' ? `warm-up before kill ${cycle}` : `before kill ${cycle}`;
  const checkInLane = async (writer: Writer, key: Key, lane: number) => {
    for (let i = 0; !stopped && !key.refused; i++) {
      const attempt: Attempt = {
        note: `${runTag} c${cycle}${stage === 'warm-up' ? 'w' : ''} l${lane} #${++seq}`,
        seq,
        acknowledged: false,
      };
      key.attempts.push(attempt);
      let status: number;
      let text: string;
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
        status = response.status;
        text = await response.text();
      } catch {
        return; // The process was killed under this request: not acknowledged.
      }
      const what = `check-in of ${writer.email} for ${key.date} (user habit ${key.userHabitId}, note "${attempt.note}")`;
      if (status === 200 || status === 201) {
        const log = JSON.parse(text) as { note: string | null; log_date: string };
        if (log.note !== attempt.note || log.log_date !== key.date) {
          unexpected.push(`${phase}: ${what} answered ${status} with another log: ${text.slice(0, 300)}`);
        }
        attempt.acknowledged = true;
        acknowledged++;
      } else if (status >= 400 && status < 500) {
        refused++;
        key.refused = `${status} ${text.slice(0, 200)}`;
        console.log(`    refused (not acknowledged, key set aside): ${what}: ${key.refused}`);
      } else {
        unexpected.push(`${phase}: ${what} answered ${status}: ${text.slice(0, 300)}`);
        return;
      }
    }
  };
  const insertLane = async (writer: Writer) => {
    while (!stopped && writer.inserts.length > 0) {
      const insert = writer.inserts.shift()!;
      let outcome: { status: number; text: string; url: string };
      try {
        outcome = await sendInsert(server, writer, insert);
      } catch {
        return;
      }
      const what = `${insert.kind} of ${writer.email} (POST ${outcome.url})`;
      if (outcome.status === 201) acknowledged++;
      else if (outcome.status >= 400 && outcome.status < 500) {
        // A mood already recorded today (the demo seed records some), an endorsement already given.
        refused++;
      } else unexpected.push(`${phase}: ${what} answered ${outcome.status}: ${outcome.text.slice(0, 300)}`);
      // Spread the inserts over the run.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  let lane = 0;
  const loops = writers.flatMap((writer) => [
    ...writer.keys.map((key) => checkInLane(writer, key, ++lane)),
    insertLane(writer),
  ]);
  return {
    settled: () => Promise.all(loops),
    acknowledged: () => acknowledged,
    refused: () => refused,
    stop: () => (stopped = true),
    unexpected,
  };
}

// Sends one insert; an acknowledged one (201) is recorded with what its row must hold.
async function sendInsert(server: ApiProcess, writer: Writer, insert: Insert) {
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
  if (response.status === 201) {
    if (insert.kind === 'mood') {
      const entry = JSON.parse(text) as { entry_date: string; mood_value: number };
      acknowledgedInserts.set(`mood_entries:${writer.userId}/${entry.entry_date}`, {
        value: String(insert.moodValue),
        what: `mood ${insert.moodValue} of ${writer.email} for ${entry.entry_date}`,
      });
    } else {
      const endorsement = JSON.parse(text) as { id: string };
      acknowledgedInserts.set(`endorsements:${endorsement.id}`, {
        value: insert.message,
        what: `endorsement ${endorsement.id} by ${writer.email}`,
      });
    }
  }
  return { status: response.status, text, url };
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
    if (notes.get(id) === expected.value) found++;
    else
      lost.push(
        `${expected.what}: expected ${JSON.stringify(expected.value)}, found ${JSON.stringify(notes.get(id) ?? null)}`,
      );
  }
  for (const key of keysById.values()) {
    const acked = key.attempts.filter((a) => a.acknowledged);
    acknowledged += acked.length;
    if (acked.length === 0) continue;
    const stored = notes.get(key.id);
    const match = stored === undefined ? undefined : key.attempts.find((a) => a.note === stored);
    const lastAcked = acked[acked.length - 1]!;
    if (!match || match.seq < lastAcked.seq) {
      lost.push(
        `check-in of ${key.email} for ${key.date} (user habit ${key.userHabitId}): expected note "${lastAcked.note}" ` +
          `(or a later write), found ${JSON.stringify(stored ?? null)}`,
      );
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

// The errors the server logged (LOG_LEVEL=warn: one JSON object per line), to say why a write failed.
function serverErrors(server: ApiProcess, who: string): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line))
    .slice(0, 5)
    .map((line) => `${who} logged: ${line.slice(0, 1500)}`);
}

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
  // Every failure, saying what failed: which write, after which kill, which check.
  const failures: string[] = [];
  let server: ApiProcess | null = null;
  try {
    console.log(`kill -9 test on ${kind}: ${kills} kills, writes for ${minMs}-${maxMs} ms before each`);
    const firstStart = Date.now();
    server = await spawnApi({ database, authority });
    await waitUntilHealthy(server, START_TIMEOUT_MS);
    console.log(`  first start (create, migrate, seed): ${Date.now() - firstStart} ms`);
    const writers = await prepareWriters(server, authority);
    console.log(
      `  ${writers.length} members writing in parallel: ${keysById.size} check-in keys (today and yesterday in ` +
        `each member's time zone, one lane each) and ${writers.reduce((n, w) => n + w.inserts.length, 0)} one-time inserts`,
    );

    for (let cycle = 1; cycle <= kills; cycle++) {
      // Warm-up, not timed: one write on every lane (checked like all others), so the write rate
      // is not that of a process just started (first queries, connections, JIT).
      const warmUp = writeStream(server, writers, cycle, 'warm-up');
      const warmUntil = Date.now() + 60_000;
      while (
        warmUp.acknowledged() + warmUp.refused() < keysById.size &&
        warmUp.unexpected.length === 0 &&
        Date.now() < warmUntil
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      warmUp.stop();
      await warmUp.settled();
      failures.push(...warmUp.unexpected);
      if (warmUp.unexpected.length) {
        failures.push(...serverErrors(server, `the server during the warm-up before kill ${cycle}`));
      }
      const stream = writeStream(server, writers, cycle);
      const startedAt = Date.now();
      const killAfter = minMs + Math.random() * (maxMs - minMs);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      const ackedBefore = stream.acknowledged();
      server.child.kill('SIGKILL');
      await server.exited;
      stream.stop();
      await stream.settled();
      const elapsed = (Date.now() - startedAt) / 1000;
      failures.push(...stream.unexpected);
      if (stream.unexpected.length) failures.push(...serverErrors(server, `the server before kill ${cycle}`));
      if (ackedBefore === 0) failures.push(`kill ${cycle}: no write was acknowledged in ${Math.round(killAfter)} ms`);

      let opened = true;
      let check = { acknowledged: 0, found: 0, lost: [] as string[] };
      try {
        check = await verify(readNotes);
      } catch (error) {
        opened = false;
        failures.push(`kill ${cycle}: the database did not open after the kill: ${String(error)}`);
      }
      failures.push(...check.lost.map((line) => `kill ${cycle}: lost write: ${line}`));

      const restartAt = Date.now();
      let restartMs: number | null = null;
      try {
        server = await spawnApi({ database, authority });
        await waitUntilHealthy(server, START_TIMEOUT_MS);
        restartMs = Date.now() - restartAt;
      } catch (error) {
        opened = false;
        failures.push(`restart after kill ${cycle}: the API did not start again: ${String(error)}`);
      }
      const result: CycleResult = {
        acknowledged: check.acknowledged,
        found: check.found,
        lost: check.lost,
        refused: stream.refused(),
        writesPerSecond: ackedBefore / elapsed,
        restartMs,
        opened,
      };
      results.push(result);
      console.log(
        `  kill ${String(cycle).padStart(2)} after ${warmUp.acknowledged()} warm-up writes and ${Math.round(killAfter)} ms: ` +
          `acknowledged so far ${result.acknowledged}, ` +
          `found ${result.found}, lost ${result.lost.length}, refused ${result.refused}, ` +
          `~${result.writesPerSecond.toFixed(0)} writes/s, restart ${restartMs ?? 'FAILED'} ms`,
      );
      if (restartMs === null) break;
    }
  } catch (error) {
    failures.push(`the run stopped: ${error instanceof Error ? error.message : String(error)}`);
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
  console.log(`  kills: ${results.length} of ${kills}`);
  console.log(`  acknowledged writes: ${last?.acknowledged ?? 0}`);
  console.log(`  found after the kills: ${last?.found ?? 0}`);
  // A lost write shows in the check right after its kill; later writes may overwrite its key.
  console.log(`  lost: ${Math.max(0, ...results.map((r) => r.lost.length))} (most in one check)`);
  console.log(`  refused by the rules (not acknowledged): ${results.reduce((n, r) => n + r.refused, 0)}`);
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
  if (results.length) {
    console.log(
      `  write rate before the kill: median ${median(results.map((r) => r.writesPerSecond)).toFixed(0)} acknowledged writes/s`,
    );
  }
  if (results.length < kills && failures.length === 0) failures.push(`only ${results.length} of ${kills} kills ran`);
  if (failures.length) {
    console.error(`\nFAILED: the ${kind} kill -9 test, ${failures.length} problem(s):`);
    for (const line of failures.slice(0, 30)) console.error(`  - ${line}`);
    if (failures.length > 30) console.error(`  … and ${failures.length - 30} more`);
    process.exit(1);
  }
  console.log(`\nPASSED: no acknowledged write was lost on ${kind}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
