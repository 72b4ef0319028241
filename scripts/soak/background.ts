// Background work under faults: two API processes (ROLE=api) and a worker (ROLE=worker) on one
// PostgreSQL database, a wave of due daily reminders and a SCIM burst in flight; the worker is
// killed with kill -9 while it sends the reminders, then started again. Checks that every member
// got their reminder exactly once (one message each, none lost) and that every acknowledged SCIM
// change is there. docs/operations/resilience.md#background-work-under-kill--9.
//
//   npx tsx scripts/soak/background.ts [--members 150] [--scim-users 60] [--scim-groups 6]
//
// A fresh database is created (and dropped afterwards) on RESILIENCE_DATABASE_URL, else
// DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres. The e-mail goes to a local test
// SMTP server through a proxy that delays every packet (--smtp-delay-ms), so that a send takes a
// while and the kill lands in the middle of one.
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { notificationPreferences, userHabits } from '../../apps/api/src/db/schema/index.ts';
import { LEASE_MS } from '../../apps/api/src/mail/outbox-worker.ts';
import { startTestSmtpServer } from '../../apps/api/src/mail/testing/smtp-server.ts';
import { createScimToken } from '../../apps/api/src/services/scim/tokens.service.ts';
import { spawnApi, startAuthority, waitUntilHealthy, type ApiProcess } from '../../apps/api/src/test/api-process.ts';
import { createTestIssuers } from '../../apps/api/src/test/tokens.ts';
import { createWorld } from '../../apps/api/src/test/world.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '150' },
    'scim-users': { type: 'string', default: '60' },
    'scim-groups': { type: 'string', default: '6' },
    'smtp-delay-ms': { type: 'string', default: '10' },
    // The worker is killed once this share of the reminders has arrived.
    'kill-at': { type: 'string', default: '0.35' },
  },
});
const memberCount = Number(args.members);
const scimUserCount = Number(args['scim-users']);
const scimGroupCount = Number(args['scim-groups']);
const smtpDelayMs = Number(args['smtp-delay-ms']);
const killAt = Number(args['kill-at']);
const START_TIMEOUT_MS = 120_000;
const SECRET = 'soak-unsubscribe-secret-0123456789abcdef';
const PUBLIC_URL = 'https://habitrack.example.com';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const log = (...parts: unknown[]) => console.log('[background]', ...parts);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// A TCP proxy that holds every chunk for delayMs in each direction (order kept).
async function slowProxy(targetPort: number, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) sockets.add(s);
    const pipe = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
      from.on('end', () => setTimeout(() => to.end(), delayMs));
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        setTimeout(() => to.destroy(), delayMs + 5);
      });
    };
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// A zone where it is now 08:mm and the quarter hour just past (reminder times go in 15-minute
// steps), so the reminders are due at once and the hour's catch-up still has 45 minutes to run.
function dueNow(now = new Date()) {
  const offset = ((8 - now.getUTCHours() + 36) % 24) - 12;
  const timeZone = offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  const time = `08:${String(now.getUTCMinutes() - (now.getUTCMinutes() % 15)).padStart(2, '0')}`;
  return { timeZone, today, time };
}

type ScimChange = { what: string; check: () => Promise<string | null> };

async function main() {
  const failures: string[] = [];
  const serverUrl =
    process.env.RESILIENCE_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `habitrack_background_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const smtp = await startTestSmtpServer();
  const proxy = await slowProxy(Number(new URL(smtp.url).port), smtpDelayMs);
  const authority = await startAuthority();
  const processes: ApiProcess[] = [];
  const env = {
    DEMO_SEED: 'off',
    SMTP_URL: proxy.url,
    UNSUBSCRIBE_SECRET: SECRET,
    PUBLIC_URL,
  };
  const start = async (role: 'api' | 'worker', migrate: boolean) => {
    const started = await spawnApi({
      database: { databaseUrl },
      authority,
      env: { ...env, ROLE: role, MIGRATE_ON_START: migrate ? 'on' : 'off' },
    });
    processes.push(started);
    await waitUntilHealthy(started, START_TIMEOUT_MS);
    return started;
  };
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  const startedAt = Date.now();
  try {
    const apis = [await start('api', true)];
    apis.push(await start('api', false));
    log(`2 API processes (ROLE=api) on ${name}: pids ${apis.map((a) => a.child.pid).join(', ')}`);

    // The reminder wave: members of one organisation whose reminder is due now.
    const due = dueNow();
    const issuers = await createTestIssuers();
    const world = await createWorld(database.db, issuers);
    const members: { id: string; email: string }[] = [];
    for (let i = 0; i < memberCount; i++) members.push(await world.person({ timeZone: due.timeZone }));
    const startedOn = new Date(Date.parse(due.today) - 3 * 86_400_000).toISOString().slice(0, 10);
    await database.db
      .insert(userHabits)
      .values(members.map((m) => ({ userId: m.id, habitId: world.habits[0]!.id, slot: 1, startedOn, targetDays: 60 })));
    await database.db
      .insert(notificationPreferences)
      .values(members.map((m) => ({ userId: m.id, dailyReminderEnabled: true, dailyReminderTime: due.time })));
    const addresses = new Set(members.map((m) => m.email));
    const ours = () => smtp.received.filter((mail) => mail.to.some((to) => addresses.has(to)));
    log(`${memberCount} members in ${due.timeZone} with their daily reminder at ${due.time} (${due.today})`);

    const { token } = await createScimToken(database.db, { organisationId: world.organisation.id, createdBy: null });

    // The worker starts: its first tick queues the wave, its outbox worker sends it.
    const workerStart = Date.now();
    let worker = await start('worker', false);
    log(`worker (ROLE=worker) pid ${worker.child.pid} healthy in ${seconds(Date.now() - workerStart)}`);

    // The SCIM burst, through both API processes in turn, in flight during the kill.
    let nextApi = 0;
    let scimRequests = 0;
    const scimStatus: Record<string, number> = {};
    const scim = async (method: string, path: string, body?: unknown) => {
      const api = apis[nextApi++ % apis.length]!;
      const response = await fetch(`${api.baseUrl}/scim/v2${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      scimRequests++;
      const key = `${method} ${response.status}`;
      scimStatus[key] = (scimStatus[key] ?? 0) + 1;
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text };
    };
    const changes: ScimChange[] = [];
    let burstStop = false;
    let scimUsersCreated = 0;
    const scimBurst = (async () => {
      const burstStart = Date.now();
      const groups: { id: string; displayName: string; members: Set<string> }[] = [];
      await Promise.all(
        Array.from({ length: scimGroupCount }, async (_, g) => {
          const displayName = `Burst team ${g + 1} ${randomUUID().slice(0, 6)}`;
          const created = await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName });
          if (created.status !== 201) {
            failures.push(`SCIM POST /Groups ${displayName} answered ${created.status}: ${created.text.slice(0, 300)}`);
            return;
          }
          const id = String(created.body.id);
          groups[g] = { id, displayName, members: new Set() };
          changes.push({
            what: `group ${displayName} created`,
            check: async () => {
              const read = await scim('GET', `/Groups/${id}`);
              return read.status === 200 && read.body.displayName === displayName
                ? null
                : `GET /Groups/${id} answered ${read.status}: ${read.text.slice(0, 200)}`;
            },
          });
        }),
      );
      // Users in parallel lanes: create, rename, then join a group, each acknowledged change recorded.
      let next = 0;
      // At least scimUserCount users, and on until the worker is back after its kill.
      const lane = async () => {
        while (next < scimUserCount || !burstStop) {
          const i = next++;
          const email = `burst${i}.${randomUUID().slice(0, 6)}@${world.domain}`;
          const created = await scim('POST', '/Users', {
            schemas: [USER_SCHEMA],
            externalId: randomUUID(),
            userName: email,
            active: true,
            emails: [{ primary: true, type: 'work', value: email }],
            name: { givenName: 'Burst', familyName: `Person ${i}` },
          });
          if (created.status !== 201) {
            failures.push(`SCIM POST /Users ${email} answered ${created.status}: ${created.text.slice(0, 300)}`);
            continue;
          }
          const id = String(created.body.id);
          scimUsersCreated++;
          const givenName = `Renamed${i}`;
          const renamed = await scim('PATCH', `/Users/${id}`, {
            schemas: [PATCH_OP],
            Operations: [{ op: 'Replace', path: 'name.givenName', value: givenName }],
          });
          if (renamed.status !== 200) {
            failures.push(`SCIM PATCH /Users/${id} (name) answered ${renamed.status}: ${renamed.text.slice(0, 300)}`);
          } else {
            changes.push({
              what: `user ${email} created and renamed ${givenName}`,
              check: async () => {
                const read = await scim('GET', `/Users/${id}`);
                const name = read.body.name as { givenName?: string } | undefined;
                return read.status === 200 && read.body.userName === email && name?.givenName === givenName
                  ? null
                  : `GET /Users/${id} answered ${read.status}: ${read.text.slice(0, 200)}`;
              },
            });
          }
          const group = groups[i % scimGroupCount];
          if (!group) continue;
          const joined = await scim('PATCH', `/Groups/${group.id}`, {
            schemas: [PATCH_OP],
            Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
          });
          if (joined.status !== 200 && joined.status !== 204) {
            failures.push(
              `SCIM PATCH /Groups/${group.id} (add ${email}) answered ${joined.status}: ${joined.text.slice(0, 300)}`,
            );
          } else group.members.add(id);
        }
      };
      await Promise.all(Array.from({ length: 6 }, lane));
      for (const group of groups.filter(Boolean)) {
        changes.push({
          what: `group ${group.displayName} holding its ${group.members.size} added members`,
          check: async () => {
            const read = await scim('GET', `/Groups/${group.id}`);
            const found = new Set(((read.body.members as { value: string }[] | undefined) ?? []).map((m) => m.value));
            const missing = [...group.members].filter((id) => !found.has(id));
            return read.status === 200 && missing.length === 0
              ? null
              : `GET /Groups/${group.id} answered ${read.status}, missing members ${missing.join(', ') || '-'}`;
          },
        });
      }
      return Date.now() - burstStart;
    })();

    // kill -9 the worker once a share of the wave has arrived, at a random moment of a send (a
    // send takes a dozen delayed round trips; the kill is not tied to a message's arrival).
    const killWhen = Math.max(1, Math.round(memberCount * killAt));
    const waitDeadline = Date.now() + 120_000;
    while (ours().length < killWhen && Date.now() < waitDeadline) await sleep(5);
    if (ours().length < killWhen)
      throw new Error(`only ${ours().length} reminders arrived in 120 s; the kill never came`);
    await sleep(Math.random() * 12 * 2 * smtpDelayMs);
    const scimInFlightAtKill = scimRequests;
    worker.child.kill('SIGKILL');
    await worker.exited;
    const killedAt = Date.now();
    const deliveredAtKill = ours().length;
    const atKill = await new pg.Client({ connectionString: databaseUrl });
    await atKill.connect();
    const outboxAtKill = (
      await atKill.query<{ status: string; leased: boolean; n: number; ids: string[] }>(
        `select status, (status = 'pending' and attempts > 0 and next_attempt_at > now()) as leased,
                count(*)::int as n, array_agg(id::text) as ids
           from email_outbox where dedupe_key like 'daily_reminder:%' group by 1, 2 order by 1, 2`,
      )
    ).rows;
    // The rows the worker held when it died: claimed (attempt counted, leased), not marked sent.
    const cutMidSend = new Set(outboxAtKill.filter((r) => r.leased).flatMap((r) => r.ids));
    log(
      `worker killed (kill -9) ${seconds(killedAt - workerStart)} after it started, with ${deliveredAtKill} of ${memberCount} ` +
        `reminders delivered; outbox then: ${outboxAtKill.map((r) => `${r.status}${r.leased ? ' (leased: cut mid-send)' : ''} ${r.n}`).join(', ')}`,
    );
    const restartAt = Date.now();
    worker = await start('worker', false);
    const restartMs = Date.now() - restartAt;
    log(`worker restarted in ${seconds(restartMs)}, pid ${worker.child.pid}`);

    burstStop = true;
    const inFlightAtKill = scimInFlightAtKill;
    const burstMs = await scimBurst;
    const burstRequests = scimRequests;
    log(`SCIM burst: ${burstRequests} requests in ${seconds(burstMs)} (${JSON.stringify(scimStatus)})`);

    // A message cut mid-send is due again when its lease runs out: wait for it, then a little longer
    // for any second copy.
    const leased = outboxAtKill.filter((r) => r.leased).reduce((n, r) => n + r.n, 0);
    const deliveryDeadline = Date.now() + (leased ? LEASE_MS : 0) + 60_000;
    if (leased) log(`waiting up to ${seconds(LEASE_MS + 60_000)} for the lease of ${leased} message(s) to run out`);
    const distinctDelivered = () => new Set(ours().flatMap((m) => m.to)).size;
    const unsent = async () =>
      (
        await atKill.query<{ n: number }>(
          `select count(*)::int as n from email_outbox where dedupe_key like 'daily_reminder:%' and status <> 'sent'`,
        )
      ).rows[0]!.n;
    while ((distinctDelivered() < memberCount || (await unsent()) > 0) && Date.now() < deliveryDeadline) {
      await sleep(500);
    }
    const allAt = Date.now();
    await sleep(7_000);

    // E-mail: each member exactly one reminder (one outbox row, one claim, one message id), none lost.
    const received = ours();
    const byAddress = new Map<string, string[]>();
    for (const mail of received) {
      const messageId = /^Message-ID:\s*(\S+)/im.exec(mail.raw)?.[1] ?? '(none)';
      for (const to of mail.to) byAddress.set(to, [...(byAddress.get(to) ?? []), messageId]);
    }
    const missing = members.filter((m) => !byAddress.has(m.email));
    // The one exception (docs/operations/email.md, at least once): the message the worker was sending
    // when it died, if the SMTP server had taken it before the worker could mark it sent, comes again
    // with the same Message-ID once its lease runs out. Anything else received twice is a failure.
    const cutCopy = (ids: string[]) =>
      ids.length === 2 && ids[0] === ids[1] && cutMidSend.has(/^<([^@]+)@/.exec(ids[0]!)?.[1] ?? '');
    const again = [...byAddress].filter(([, ids]) => cutCopy(ids));
    const twice = [...byAddress].filter(([, ids]) => ids.length > 1 && !cutCopy(ids));
    for (const m of missing) failures.push(`reminder lost: ${m.email} (user ${m.id}) received nothing`);
    for (const [to, ids] of twice) failures.push(`reminder sent twice: ${to} received ${ids.join(', ')}`);
    const rows = (
      await atKill.query<{ user_id: string; sends: number; outbox: number; sent: number; attempts: number }>(
        `select u.id as user_id,
                (select count(*)::int from notification_sends s where s.user_id = u.id) as sends,
                (select count(*)::int from email_outbox o where o.dedupe_key like 'daily_reminder:' || u.id || ':%') as outbox,
                (select count(*)::int from email_outbox o where o.dedupe_key like 'daily_reminder:' || u.id || ':%' and o.status = 'sent') as sent,
                (select coalesce(max(attempts), 0)::int from email_outbox o where o.dedupe_key like 'daily_reminder:' || u.id || ':%') as attempts
           from users u where u.id = any($1::uuid[])`,
        [members.map((m) => m.id)],
      )
    ).rows;
    for (const row of rows) {
      const email = members.find((m) => m.id === row.user_id)!.email;
      if (row.sends !== 1 || row.outbox !== 1 || row.sent !== 1)
        failures.push(
          `reminder of ${email}: ${row.sends} claims, ${row.outbox} outbox rows, ${row.sent} marked sent (1 each expected)`,
        );
    }
    const retried = rows.filter((r) => r.attempts > 1).length;

    // SCIM: every acknowledged change is there, read back through the API.
    let scimLost = 0;
    for (const change of changes) {
      const problem = await change.check();
      if (problem) {
        scimLost++;
        failures.push(`SCIM change lost: ${change.what}: ${problem}`);
      }
    }

    await atKill.end();
    const workerLog = processes.filter((p) => p !== apis[0] && p !== apis[1]).map((p) => p.output());
    const errors = workerLog
      .join('\n')
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    console.log(`\nSummary (background work under kill -9, PostgreSQL):`);
    console.log(`  processes: 2 ROLE=api, 1 ROLE=worker (killed once, restarted)`);
    console.log(`  reminders due: ${memberCount}; delivered before the kill: ${deliveredAtKill}`);
    console.log(
      `  delivered in all: ${received.length} messages to ${byAddress.size} members; lost ${missing.length}; sent twice ${twice.length}; ` +
        `sent again after a lease (attempts > 1): ${retried}, of which a second copy of the message cut mid-send: ${again.length}`,
    );
    console.log(`  every reminder delivered ${seconds(allAt - workerStart)} after the worker first started`);
    console.log(`  worker restart after kill -9: ${seconds(restartMs)}`);
    console.log(
      `  SCIM burst: ${burstRequests} requests (${scimUsersCreated} users created, renamed and added to ${scimGroupCount} groups; ` +
        `${inFlightAtKill} sent before the kill) ` +
        `in ${seconds(burstMs)}; ${changes.length} acknowledged changes read back, ${scimLost} lost`,
    );
    console.log(
      `  worker errors logged: ${errors.length}${errors.length ? ` (e.g. ${errors[0]!.slice(0, 300)})` : ''}`,
    );
    console.log(`  total ${seconds(Date.now() - startedAt)}`);
  } catch (error) {
    failures.push(`the run stopped: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
    await database.close();
    await proxy.close();
    await smtp.close();
    await authority.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
  if (failures.length) {
    console.error(`\nFAILED: background work under kill -9, ${failures.length} problem(s):`);
    for (const line of failures.slice(0, 30)) console.error(`  - ${line}`);
    process.exit(1);
  }
  console.log('\nPASSED: every reminder sent once, none lost; every SCIM change kept.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
