#!/usr/bin/env node
// The release check (scripts/verify-release.sh builds the release, then runs this on Node 24).
// It runs the built release as production would, with nothing of the repository at hand:
//
//   - the recipe files agree with the release (Dockerfile, compose.yaml, .env.production.example);
//   - .env.production.example as shipped is refused (its secrets are still change-me), and starts
//     once its secret and database are filled in (unready until `migrate` has run);
//   - with its secrets, database and identity provider filled in, as an unprivileged user:
//     `migrate` (compose.yaml's command), the CLI's programme and people imports, then an `api` and
//     a `worker` process (MIGRATE_ON_START=off) answer /healthz and /readyz;
//   - a request signed by an identity provider over https (a private CA, NODE_EXTRA_CA_CERTS) on a
//     non-loopback address, as production demands, is answered; the member it signs in as turns a
//     daily reminder on;
//   - that reminder is claimed by the worker and never by the api: two more api processes start
//     and stop with it due (a process running the scheduler ticks at its start, and its SIGTERM
//     waits for the tick in flight) and nothing is claimed; the worker claims it at start and
//     sends it by SMTP;
//   - SIGTERM drains both processes (exit 0);
//   - the time to healthy and the memory of the release, beside today's development start.
//
// Usage: node scripts/release/verify.mjs --release DIR --work DIR --database-url URL [--dev-node PATH]
// DIR --work must be readable by `nobody` (the processes run as nobody when this runs as root).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import YAML from 'yaml';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options } = parseArgs({
  options: {
    release: { type: 'string' },
    work: { type: 'string' },
    'database-url': { type: 'string' },
    'dev-node': { type: 'string', default: 'node' },
  },
});
if (!options.release || !options.work || !options['database-url']) {
  console.error('Usage: node scripts/release/verify.mjs --release DIR --work DIR --database-url URL [--dev-node PATH]');
  process.exit(2);
}
const release = path.resolve(options.release);
const work = path.resolve(options.work);
const databaseUrl = options['database-url'];
const startedAt = performance.now();

// ---------------------------------------------------------------------------------------------
// Reporting

class CheckFailed extends Error {}
const since = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
function ok(what) {
  console.log(`  ok   ${what}`);
}
function check(condition, what, detail = '') {
  if (!condition) throw new CheckFailed(`${what}${detail ? `\n${detail}` : ''}`);
  ok(what);
}
function section(title) {
  console.log(`\n-- ${title} (${since(startedAt)})`);
}
const tail = (text, lines = 40) => text.trimEnd().split('\n').slice(-lines).join('\n');

// ---------------------------------------------------------------------------------------------
// Processes: the release runs as `nobody` when this runs as root (CI), as this user otherwise.

const groupOfNobody = readFileSync('/etc/group', 'utf8').includes('\nnogroup:') ? 'nogroup' : 'nobody';
const unprivileged =
  process.getuid?.() === 0 ? ['setpriv', '--reuid=nobody', `--regid=${groupOfNobody}`, '--clear-groups'] : [];
const node24 = process.execPath;
const processes = new Set();

function start(name, command, args, { env, cwd = release, privileged = false }) {
  const argv = privileged ? [command, ...args] : [...unprivileged, command, ...args];
  // setpriv execs the command: the child's pid is node's own.
  const child = spawn(argv[0], argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { name, child, output: '', startedAt: performance.now() };
  child.stdout.on('data', (chunk) => (proc.output += chunk));
  child.stderr.on('data', (chunk) => (proc.output += chunk));
  proc.exited = new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  processes.add(proc);
  void proc.exited.then(() => processes.delete(proc));
  return proc;
}

async function run(name, command, args, settings, timeoutMs = 60_000) {
  const proc = start(name, command, args, settings);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const { code, signal } = await proc.exited;
  clearTimeout(timer);
  return { code, signal, output: proc.output };
}

async function stop(proc, timeoutMs = 20_000) {
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

async function freePort() {
  const server = createTcpServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Milliseconds from the process's start to its first 200 on /healthz.
async function untilHealthy(proc, port, timeoutMs = 60_000) {
  let exited = false;
  void proc.exited.then(() => (exited = true));
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (exited) throw new CheckFailed(`${proc.name} exited before it was healthy:\n${tail(proc.output)}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return performance.now() - proc.startedAt;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new CheckFailed(`${proc.name} was not healthy within ${timeoutMs / 1000} s:\n${tail(proc.output)}`);
}

// Resident memory of a process, in MiB.
function rssOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

async function request(port, urlPath, init = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    ...init,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (the web app's page).
  }
  return { status: response.status, body, text };
}

// ---------------------------------------------------------------------------------------------
// The identity provider: a JWKS over https on this machine's first non-loopback IPv4 address,
// with a self-signed certificate the API trusts through NODE_EXTRA_CA_CERTS (production refuses
// an identity provider on a loopback host or over http).

const AUDIENCE = 'https://api.habitrack.example.com';
const CLIENT_ID = 'habitrack-release-check';

function externalAddress() {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return null;
}

async function startIdentityProvider(address) {
  const key = path.join(work, 'idp-key.pem');
  const certificate = path.join(work, 'idp-ca.pem');
  const made = await run(
    'openssl',
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=HabiTrack release check',
      '-addext',
      `subjectAltName=IP:${address}`,
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { env: { PATH: process.env.PATH }, cwd: work, privileged: true },
  );
  if (made.code !== 0) throw new CheckFailed(`openssl could not make the certificate:\n${made.output}`);
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  let fetched = 0;
  const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(certificate) }, (_req, res) => {
    fetched++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise((resolve) => server.listen(0, address, resolve));
  const base = `https://${address}:${server.address().port}`;
  const issuer = `${base}/`;
  const subjects = new Map();
  return {
    certificate,
    fetched: () => fetched,
    env: {
      AUTH0_DOMAIN: base,
      AUTH0_ISSUER: issuer,
      AUTH0_JWKS_URI: `${base}/.well-known/jwks.json`,
      AUTH0_CLIENT_ID: CLIENT_ID,
      AUTH0_AUDIENCE: AUDIENCE,
    },
    token: (email) => {
      const subject = subjects.get(email) ?? `auth0|${randomUUID()}`;
      subjects.set(email, subject);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email, email_verified: true, azp: CLIENT_ID, scope: 'openid profile email' })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setSubject(subject)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// ---------------------------------------------------------------------------------------------
// A mail server that accepts everything (plain SMTP on 127.0.0.1), so the worker's sending is seen.

async function startMailSink() {
  const messages = [];
  const server = createTcpServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let data = null;
    let recipients = [];
    socket.write('220 release-check ESMTP\r\n');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push({ to: recipients, data });
            data = null;
            recipients = [];
            socket.write('250 OK\r\n');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-release-check\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          recipients.push(line.match(/<([^>]*)>/)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          data = '';
          socket.write('354 End with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else if (['HELO', 'MAIL', 'RSET', 'NOOP'].includes(verb)) socket.write('250 OK\r\n');
        else socket.write('502 Not implemented\r\n');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.address().port}`,
    messages,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// ---------------------------------------------------------------------------------------------
// Polling the database

async function waitFor(what, probe, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (performance.now() > deadline) throw new CheckFailed(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// ---------------------------------------------------------------------------------------------
// The recipe files

function dockerInstructions(text) {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [instruction, ...rest] = line.split(/\s+/);
      return { instruction: instruction.toUpperCase(), args: rest.join(' ') };
    });
}

function checkRecipes(exampleKeys) {
  const dockerfile = dockerInstructions(readFileSync(path.join(repo, 'Dockerfile'), 'utf8'));
  const finalStage = dockerfile.slice(dockerfile.findLastIndex((i) => i.instruction === 'FROM'));
  const last = (name) => finalStage.findLast((i) => i.instruction === name)?.args;
  check(
    finalStage[0].args === 'node:24-bookworm-slim',
    'Dockerfile: the image runs on node:24-bookworm-slim',
    finalStage[0].args,
  );
  const cmd = JSON.parse(last('CMD') ?? 'null');
  check(
    isDeepStrictEqual(cmd, ['node', 'apps/api/dist/server.js']) && existsSync(path.join(release, cmd[1])),
    'Dockerfile: CMD (exec form) starts apps/api/dist/server.js, which the release holds',
  );
  check(last('USER') === 'node', 'Dockerfile: runs as the unprivileged user node');
  check(
    /NODE_ENV=production/.test(
      finalStage
        .filter((i) => i.instruction === 'ENV')
        .map((i) => i.args)
        .join(' '),
    ),
    'Dockerfile: NODE_ENV=production',
  );
  check(
    dockerfile.some((i) => i.instruction === 'RUN' && i.args.includes('scripts/release/build-release.sh')),
    'Dockerfile: the build stage runs scripts/release/build-release.sh, as this check did',
  );
  const healthcheck = JSON.parse(last('HEALTHCHECK')?.match(/CMD\s+(\[.*\])\s*$/)?.[1] ?? 'null');
  check(Array.isArray(healthcheck) && healthcheck[0] === 'node', 'Dockerfile: HEALTHCHECK runs node (no curl in slim)');

  const compose = YAML.parse(readFileSync(path.join(repo, 'compose.yaml'), 'utf8'), { merge: true });
  const { migrate, api, worker, postgres } = compose.services;
  check(
    isDeepStrictEqual(migrate.command, ['node', 'apps/api/dist/cli.js', 'migrate']),
    'compose.yaml: migrate runs node apps/api/dist/cli.js migrate',
  );
  check(
    api.environment.ROLE === 'api' &&
      worker.environment.ROLE === 'worker' &&
      api.environment.MIGRATE_ON_START === 'off' &&
      worker.environment.MIGRATE_ON_START === 'off',
    'compose.yaml: api (ROLE=api) and worker (ROLE=worker) with MIGRATE_ON_START=off',
  );
  check(
    api.depends_on.migrate.condition === 'service_completed_successfully' &&
      worker.depends_on.migrate.condition === 'service_completed_successfully' &&
      migrate.depends_on.postgres.condition === 'service_healthy' &&
      postgres.healthcheck.test.join(' ').includes('pg_isready'),
    'compose.yaml: postgres healthy, then migrate, then api and worker',
  );
  const required = [...readFileSync(path.join(repo, 'compose.yaml'), 'utf8').matchAll(/\$\{(\w+):\?/g)].map(
    (m) => m[1],
  );
  const missing = [...new Set(required)].filter((name) => !exampleKeys.includes(name));
  check(
    missing.length === 0,
    `compose.yaml: its required variables (${[...new Set(required)].join(', ')}) are in .env.production.example`,
    `missing: ${missing.join(', ')}`,
  );
  return healthcheck;
}

function checkReleaseFiles() {
  for (const file of [
    'apps/api/dist/server.js',
    'apps/api/dist/cli.js',
    'apps/api/migrations/meta/_journal.json',
    'apps/web/dist/index.html',
    'apps/web/dist/.prerendered/login.json',
    '.env.production.example',
  ]) {
    if (!existsSync(path.join(release, file))) throw new CheckFailed(`the release has no ${file}`);
  }
  ok('the release holds the bundles, the migrations, the web app and .env.production.example');
  const installed = Object.keys(
    JSON.parse(readFileSync(path.join(release, 'node_modules/.package-lock.json'), 'utf8')).packages,
  );
  const devOnly = [
    'tsx',
    'typescript',
    'vite',
    'esbuild',
    'vitest',
    'drizzle-kit',
    'pino-pretty',
    'react',
    'oidc-provider',
  ];
  const present = devOnly.filter((name) => existsSync(path.join(release, 'node_modules', name)));
  check(
    present.length === 0,
    `the release installs the API's production dependencies only (${installed.length} packages; no ${devOnly.join(', ')})`,
    `present: ${present.join(', ')}`,
  );
}

// Exactly what a shell gets from `set -a; . ./.env.production.example`, in an empty environment.
async function sourcedExample() {
  const result = await run(
    'bash',
    '/usr/bin/env',
    ['-i', 'bash', '-c', 'set -a; . ./.env.production.example; set +a; env -0'],
    { env: {}, cwd: release, privileged: true },
  );
  if (result.code !== 0) throw new CheckFailed(`a shell could not source .env.production.example:\n${result.output}`);
  const env = Object.fromEntries(
    result.output
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)])
      .filter(([key]) => !['PWD', 'OLDPWD', 'SHLVL', '_'].includes(key)),
  );
  const keys = [
    ...readFileSync(path.join(release, '.env.production.example'), 'utf8').matchAll(/^([A-Z0-9_]+)=/gm),
  ].map((m) => m[1]);
  check(
    env.NODE_ENV === 'production' && keys.every((key) => key in env),
    `.env.production.example sources in a shell (${keys.length} settings)`,
  );
  return { env, keys };
}

// ---------------------------------------------------------------------------------------------
// The member the signed requests act as, provisioned through the release's own CLI.

function pickTimeZone() {
  // A zone where the reminder's local date cannot change during the check (not within 10 minutes
  // of midnight); UTC and Tokyo are 9 hours apart, so one of them always is.
  for (const zone of ['UTC', 'Asia/Tokyo']) {
    const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date())
      .split(':')
      .map(Number);
    if (hour * 60 + minute < 23 * 60 + 50) {
      const step = Math.floor(minute / 15) * 15;
      return { zone, reminderTime: `${String(hour).padStart(2, '0')}:${String(step).padStart(2, '0')}` };
    }
  }
  throw new Error('unreachable');
}

function provisioningFiles(timeZone) {
  const programme = path.join(work, 'programme.yaml');
  const people = path.join(work, 'people.yaml');
  writeFileSync(
    programme,
    `version: 1
organisation:
  slug: release-check
  name: Release Check Ltd
programme:
  slug: release-check-programme
  name: Release Check Programme
  modules:
    - 'Module 1: Starting'
behaviours:
  - name: Planning
    habits:
      - name: Plan the day
        difficulty: easy
        estimated_time_minutes: 5
`,
  );
  writeFileSync(
    people,
    `version: 1
organisation:
  slug: release-check
  name: Release Check Ltd
  email_domains: [release-check.example]
users:
  - email: lead@release-check.example
    full_name: Rhea Lead
    role: leader
    is_admin: true
    time_zone: ${timeZone}
  - email: member@release-check.example
    full_name: Milo Member
    time_zone: ${timeZone}
cohorts:
  - name: Release Cohort
    programme: release-check-programme
    members: [lead@release-check.example, member@release-check.example]
`,
  );
  return { programme, people };
}

// ---------------------------------------------------------------------------------------------

const address = externalAddress();
if (!address) {
  console.error(
    'No non-loopback IPv4 address on this machine: the check serves its identity provider on one, since production refuses a loopback identity provider.',
  );
  process.exit(1);
}

const measured = [];
let identityProvider = null;
let mail = null;
const database = new pg.Pool({ connectionString: databaseUrl, max: 2 });
database.on('error', () => {});

async function main() {
  section('the release and its recipe files');
  checkReleaseFiles();
  const { env: example, keys } = await sourcedExample();
  const healthcheck = checkRecipes(keys);

  section('production refuses the example as shipped');
  const basics = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: work };
  const refused = await run('server (example as shipped)', node24, ['apps/api/dist/server.js'], {
    env: { ...basics, ...example, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(await freePort()) },
  });
  check(
    refused.code === 1 && refused.output.includes('UNSUBSCRIBE_SECRET') && !refused.output.includes('is running at'),
    'exit 1 before listening, naming UNSUBSCRIBE_SECRET (still change-me)',
    refused.output,
  );

  section('the example starts once its secret and database are filled in');
  // Its identity provider and mail server are example.com's: an api process reaches neither
  // before a signed request or an e-mail. The database is not migrated yet: ready it is not.
  const filledPort = await freePort();
  const filled = start('server (example filled in)', node24, ['apps/api/dist/server.js'], {
    env: {
      ...basics,
      ...example,
      ROLE: 'api',
      UNSUBSCRIBE_SECRET: randomBytes(36).toString('base64'),
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(filledPort),
    },
  });
  await untilHealthy(filled, filledPort);
  const unready = await request(filledPort, '/readyz');
  check(
    unready.status === 503 && /migrate/.test(unready.body.detail ?? ''),
    `/healthz 200; /readyz 503 before the migrations ("${unready.body.detail}")`,
    unready.text,
  );
  check((await stop(filled)).code === 0, 'it stops on SIGTERM (exit 0)', tail(filled.output));

  identityProvider = await startIdentityProvider(address);
  mail = await startMailSink();
  const { zone, reminderTime } = pickTimeZone();
  const settings = {
    ...basics,
    ...example,
    ...identityProvider.env,
    NODE_EXTRA_CA_CERTS: identityProvider.certificate,
    DATABASE_URL: databaseUrl,
    UNSUBSCRIBE_SECRET: randomBytes(36).toString('base64'),
    SMTP_URL: mail.url,
    HOST: '127.0.0.1',
    WEB_DIST: path.join(release, 'apps/web/dist'),
    LOG_LEVEL: 'info',
  };
  console.log(
    `  identity provider ${identityProvider.env.AUTH0_DOMAIN} (self-signed, NODE_EXTRA_CA_CERTS); mail ${mail.url}; ` +
      `processes run as ${unprivileged.length ? 'nobody' : os.userInfo().username} on Node ${process.version}`,
  );

  section('migrate and provision with the release CLI');
  const migrated = await run('migrate', node24, ['apps/api/dist/cli.js', 'migrate'], { env: settings });
  check(
    migrated.code === 0 && /applied \d+ migrations/.test(migrated.output),
    `migrate: ${migrated.output.trim()}`,
    migrated.output,
  );
  const files = provisioningFiles(zone);
  for (const [kind, file] of [
    ['programme', files.programme],
    ['people', files.people],
  ]) {
    const imported = await run(kind, node24, ['apps/api/dist/cli.js', kind, 'import', file], { env: settings });
    check(imported.code === 0, `${kind} import: ${imported.output.trim()}`, imported.output);
  }

  section('the api process (ROLE=api)');
  const apiPort = await freePort();
  const api = start('api', node24, ['apps/api/dist/server.js'], {
    env: { ...settings, ROLE: 'api', MIGRATE_ON_START: 'off', PORT: String(apiPort) },
  });
  const apiHealthyMs = await untilHealthy(api, apiPort);
  const apiRss = rssOf(api.child.pid);
  measured.push({ what: `release, NODE_ENV=production (Node ${process.version})`, ms: apiHealthyMs, rss: apiRss });
  ok(`/healthz 200 after ${(apiHealthyMs / 1000).toFixed(2)} s, RSS ${apiRss.toFixed(0)} MiB`);
  const apiReady = await request(apiPort, '/readyz');
  check(apiReady.status === 200 && apiReady.body.status === 'ready', '/readyz 200 ready', apiReady.text);
  const page = await request(apiPort, '/', { headers: { accept: 'text/html' } });
  check(page.status === 200 && page.text.includes('habitrack-config'), 'the web app is served at / (WEB_DIST)');
  const login = await request(apiPort, '/login', { headers: { accept: 'text/html', 'accept-language': 'de-DE' } });
  check(
    login.status === 200 && login.text.includes('Willkommen bei HabiTrack') && login.text.includes('habitrack-config'),
    "the Login page comes with its screen in the HTML, in the browser's language (de-DE)",
    login.text.slice(0, 500),
  );
  const probe = await run('HEALTHCHECK', healthcheck[0] === 'node' ? node24 : healthcheck[0], healthcheck.slice(1), {
    env: { ...basics, PORT: String(apiPort) },
  });
  check(probe.code === 0, "the Dockerfile's HEALTHCHECK command passes against it", probe.output);

  const member = 'member@release-check.example';
  const token = await identityProvider.token(member);
  const auth = { authorization: `Bearer ${token}` };
  const unsigned = await request(apiPort, '/api/v1/auth/me');
  check(unsigned.status === 401, 'GET /api/v1/auth/me without a token: 401');
  const me = await request(apiPort, '/api/v1/auth/me', { headers: auth });
  check(
    me.status === 200 && me.body.email === member && identityProvider.fetched() > 0,
    'GET /api/v1/auth/me signed over https by the identity provider: 200, the imported member',
    me.text,
  );
  const json = { ...auth, 'content-type': 'application/json' };
  const terms = await request(apiPort, '/api/v1/auth/accept-terms', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ accept_terms: true, accept_privacy: true }),
  });
  check(terms.status === 200, 'POST /api/v1/auth/accept-terms: 200', terms.text);
  const habits = await request(apiPort, '/api/v1/habits', { headers: auth });
  const habitId = Array.isArray(habits.body) ? habits.body[0]?.id : undefined;
  const selected = await request(apiPort, '/api/v1/habits/select', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ habit_id: habitId }),
  });
  check(selected.status === 201, 'POST /api/v1/habits/select: 201, a habit to be reminded of', selected.text);
  const preferences = await request(apiPort, '/api/v1/me/notification-preferences', {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ daily_reminder: { enabled: true, time: reminderTime }, weekly_summary: { enabled: false } }),
  });
  check(
    preferences.status === 200,
    `PUT /api/v1/me/notification-preferences: a daily reminder at ${reminderTime} ${zone}, due now`,
    preferences.text,
  );

  section("today's development start, beside it (while the api runs alone)");
  const devPort = await freePort();
  const devSettings = {
    ...settings,
    NODE_ENV: 'development',
    ROLE: 'api',
    MIGRATE_ON_START: 'off',
    DEMO_SEED: 'off',
    PORT: String(devPort),
  };
  const dev = start('tsx server', options['dev-node'], ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: devSettings,
    cwd: repo,
    privileged: true,
  });
  const devHealthyMs = await untilHealthy(dev, devPort);
  const devRss = rssOf(dev.child.pid);
  const devVersion = (
    await run('node', options['dev-node'], ['--version'], { env: basics, privileged: true })
  ).output.trim();
  measured.push({
    what: `node --import tsx apps/api/src/server.ts (Node ${devVersion})`,
    ms: devHealthyMs,
    rss: devRss,
  });
  ok(`development start healthy after ${(devHealthyMs / 1000).toFixed(2)} s, RSS ${devRss.toFixed(0)} MiB`);
  const devStopped = await stop(dev);
  check(devStopped.code === 0, 'it stops on SIGTERM (exit 0)', tail(dev.output));
  // The same release on the development machine's Node, to tell the bundle's gain from Node 24's.
  const samePort = await freePort();
  const same = start('release on the development Node', options['dev-node'], ['apps/api/dist/server.js'], {
    env: { ...settings, ROLE: 'api', MIGRATE_ON_START: 'off', PORT: String(samePort) },
  });
  const sameHealthyMs = await untilHealthy(same, samePort);
  const sameRss = rssOf(same.child.pid);
  measured.push({ what: `release, NODE_ENV=production (Node ${devVersion})`, ms: sameHealthyMs, rss: sameRss });
  ok(
    `the release on Node ${devVersion} healthy after ${(sameHealthyMs / 1000).toFixed(2)} s, RSS ${sameRss.toFixed(0)} MiB`,
  );
  check((await stop(same)).code === 0, 'it stops on SIGTERM (exit 0)', tail(same.output));

  section('the api never claims a reminder');
  // Both processes above are the api role, started with the reminder due and stopped by SIGTERM
  // (exit 0). A process that runs the scheduler ticks once at its start (server.ts, as the worker
  // below does) and its SIGTERM waits for that tick to finish, so a claim by either would be in the
  // database now: no minute's tick needs waiting for.
  for (const proc of [dev, same]) {
    check(!proc.output.includes('notification scheduler started'), `${proc.name}: started no scheduler`);
  }
  const claims = async () =>
    (
      await database.query(
        `select s.kind, s.local_date::text, o.status from notification_sends s
           join users u on u.id = s.user_id left join email_outbox o on o.id = s.outbox_id
          where u.email = $1`,
        [member],
      )
    ).rows;
  check((await claims()).length === 0, 'no reminder claimed by the api processes started and stopped with it due');
  check(mail.messages.length === 0, 'no e-mail sent');
  check(!api.output.includes('notification scheduler started'), 'the api started no scheduler');

  section('the worker process (ROLE=worker)');
  const workerPort = await freePort();
  const worker = start('worker', node24, ['apps/api/dist/server.js'], {
    env: { ...settings, ROLE: 'worker', MIGRATE_ON_START: 'off', PORT: String(workerPort) },
  });
  const workerHealthyMs = await untilHealthy(worker, workerPort);
  ok(`/healthz 200 after ${(workerHealthyMs / 1000).toFixed(2)} s, RSS ${rssOf(worker.child.pid).toFixed(0)} MiB`);
  const workerReady = await request(workerPort, '/readyz');
  check(workerReady.status === 200 && workerReady.body.status === 'ready', '/readyz 200 ready', workerReady.text);
  const workerApi = await request(workerPort, '/api/v1/auth/me', { headers: auth });
  check(workerApi.status === 404, 'it serves no API (GET /api/v1/auth/me: 404)', workerApi.text);
  const claim = await waitFor('the worker claims the reminder', async () => (await claims())[0], 20_000);
  check(claim.kind === 'daily_reminder', `the worker claimed the daily reminder of ${claim.local_date} at its start`);
  const sent = await waitFor(
    'the worker sends the reminder',
    async () => mail.messages.find((m) => m.to.includes(member)),
    20_000,
  );
  check(
    sent.data.includes('https://habitrack.example.com/api/v1/notifications/unsubscribe?token='),
    'the worker sent it by SMTP, with its signed unsubscribe link on PUBLIC_URL',
  );
  await waitFor('the outbox row is marked sent', async () => (await claims())[0].status === 'sent', 10_000);
  ok('the outbox row is marked sent');

  section('SIGTERM drains both');
  const [apiStopped, workerStopped] = await Promise.all([stop(api), stop(worker)]);
  for (const [proc, result] of [
    [api, apiStopped],
    [worker, workerStopped],
  ]) {
    check(
      result.code === 0 && /shutting down|drain/i.test(proc.output),
      `${proc.name}: exit 0, its log says it drained`,
      `exit ${result.code} (${result.signal ?? 'no signal'}):\n${tail(proc.output)}`,
    );
  }

  section('time to healthy and memory');
  const width = Math.max(...measured.map((m) => m.what.length));
  console.log(`  ${'start'.padEnd(width)}  time to healthy   RSS at healthy`);
  for (const m of measured) {
    console.log(
      `  ${m.what.padEnd(width)}  ${`${(m.ms / 1000).toFixed(2)} s`.padStart(15)}   ${`${m.rss.toFixed(0)} MiB`.padStart(14)}`,
    );
  }
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\nFAILED: ${error instanceof CheckFailed ? error.message : (error?.stack ?? error)}`);
  for (const proc of processes) console.error(`\n--- ${proc.name} (still running) ---\n${tail(proc.output)}`);
} finally {
  for (const proc of processes) proc.child.kill('SIGKILL');
  await Promise.all([identityProvider?.close(), mail?.close(), database.end()]);
}
console.log(`\nrelease check ${failed ? 'FAILED' : 'passed'} in ${since(startedAt)}`);
process.exit(failed ? 1 : 0);
