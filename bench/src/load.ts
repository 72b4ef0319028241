// The load generator and the latency probes of the API benchmark (api.ts).
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchUser } from './data.ts';

export const CONNECTIONS = 50;

export type Sample = { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };

export type Rotation = { method: 'GET' | 'POST'; path: (u: BenchUser) => string; body?: string; users: BenchUser[] };

// How long a load lasts: seconds, or a number of requests (a warm-up that serves every member of a
// rotation once).
export type Length = { seconds: number } | { requests: number };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export function summarize(samples: Sample[]): Sample {
  return {
    rps: median(samples.map((x) => x.rps)),
    p50: median(samples.map((x) => x.p50)),
    p99: median(samples.map((x) => x.p99)),
    errors: samples.reduce((sum, x) => sum + x.errors, 0),
    non2xx: samples.reduce((sum, x) => sum + x.non2xx, 0),
    requests: samples.reduce((sum, x) => sum + x.requests, 0),
  };
}

// Load on `url` with CONNECTIONS connections for `length`; each request carries the next member of
// the rotation (none: GET /, the reference).
export async function load(
  url: string,
  length: Length,
  rotation: Rotation | null,
  tokens: Map<number, string>,
  offset: number,
): Promise<Sample> {
  let i = offset;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...('seconds' in length ? { duration: length.seconds } : { amount: length.requests }),
    requests: [
      rotation
        ? {
            method: rotation.method,
            setupRequest: (request) => {
              const user = rotation.users[i++ % rotation.users.length]!;
              return {
                ...request,
                method: rotation.method,
                path: rotation.path(user),
                headers: {
                  authorization: `Bearer ${tokens.get(user.n)}`,
                  ...(rotation.body ? { 'content-type': 'application/json' } : {}),
                },
                ...(rotation.body ? { body: rotation.body } : {}),
              };
            },
          }
        : { method: 'GET', path: '/' },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

// Sequential timed requests, alternating between the two cases, one connection: the median
// latency of each case.
export async function latencyPair(
  // One API for both cases, or each case's own (two organisations in two databases).
  api: string | [a: string, b: string],
  // One path for everyone, or each member's own (their habit's history).
  path: string | ((user: BenchUser) => string),
  cases: { a: BenchUser[]; b: BenchUser[]; samples: number },
  tokens: Map<number, string>,
): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  const [apiA, apiB] = typeof api === 'string' ? [api, api] : api;
  const call = async (user: BenchUser, base: string) => {
    const url = typeof path === 'string' ? path : path(user);
    const t0 = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${tokens.get(user.n)}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status} for member ${user.n}`);
    return performance.now() - t0;
  };
  const { a, b } = cases;
  // Warm both cases first (token verification, connection, plan cache).
  for (const user of a) await call(user, apiA);
  for (const user of b) await call(user, apiB);
  for (let k = 0; k < cases.samples; k++) {
    times[0].push(await call(a[k % a.length]!, apiA));
    times[1].push(await call(b[k % b.length]!, apiB));
  }
  return [median(times[0]), median(times[1])];
}

// Requests accepted before a run ended are still being answered after it, and a request may have
// left work running in the database (the insights' first read after check-ins applies them: seconds
// on a slow machine). Wait until requests of our own come back about as fast as on an idle server
// three times in a row (one fast answer can slip between queued statements), and until the API's
// PostgreSQL database runs no statement of anyone else's, so the next target starts clean.
export async function drain(api: string, token: string, idleMs: number, database: DatabaseActivity | null = null) {
  const deadline = Date.now() + 120_000;
  let fast = 0;
  while (fast < 3 && Date.now() < deadline) {
    const t0 = performance.now();
    const response = await fetch(`${api}/api/v1/auth/user-flow-status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    const quick = performance.now() - t0 <= Math.max(25, 3 * idleMs);
    fast = quick && !(await database?.busy()) ? fast + 1 : 0;
    // 0.1 s apart: a backlog or the database's work shows in any of them; the smoke run drains 42
    // times, and at 0.2 s apart the waits alone were 25 s of it.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Whether a PostgreSQL database is running a statement other than this probe's own.
export type DatabaseActivity = { busy: () => Promise<boolean>; close: () => Promise<void> };

export async function watchDatabase(url: string): Promise<DatabaseActivity> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    busy: async () => {
      const { rows } = await client.query<{ active: number }>(
        `select count(*)::int as active from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and state = 'active'
           and pid <> pg_backend_pid()`,
      );
      return rows[0]!.active > 0;
    },
    close: () => client.end(),
  };
}

export async function idleLatency(api: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let k = 0; k < 7; k++) {
    const t0 = performance.now();
    const response = await fetch(`${api}/api/v1/auth/user-flow-status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return median(times);
}
