import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { SERVICE_UNAVAILABLE } from '../lib/errors.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers } from '../test/tokens.ts';
import { createWorld, type Member } from '../test/world.ts';
import { migrateDatabase, openDatabase, type Database } from './client.ts';

const serverUrl = process.env.DATABASE_URL || undefined;

// Bounds for a refusal while the database is away (generous for a loaded machine).
const FAST_MS = 3_000;
const CONNECT_TIMEOUT_MS = 800;
const STATEMENT_TIMEOUT_MS = 1_000;
// A silent database is noticed by the timeouts above (connect, or statement + connect).
const SILENT_MS = CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 2_000;

// 'pass': forwards. 'reset': accepts then drops each new connection. 'silent': accepts new
// connections and never answers; established ones stop carrying data both ways. Not listening at
// all is stop()/start().
type ProxyMode = 'pass' | 'reset' | 'silent';

// A TCP proxy between the API's pool and PostgreSQL, so the test can take the database away
// without touching the shared server.
function createProxy(target: { host: string; port: number }) {
  let mode: ProxyMode = 'pass';
  let cutOnNextData = false;
  let server: Server | null = null;
  let port = 0;
  const pairs = new Set<[Socket, Socket | null]>();

  const handle = (client: Socket) => {
    client.on('error', () => {});
    if (mode === 'reset') {
      client.destroy();
      return;
    }
    if (mode === 'silent') {
      const pair: [Socket, Socket | null] = [client, null];
      pairs.add(pair);
      client.on('close', () => pairs.delete(pair));
      client.resume();
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    const pair: [Socket, Socket | null] = [client, upstream];
    pairs.add(pair);
    client.on('data', (chunk) => {
      // The connection dies under a query that has been sent.
      if (cutOnNextData) {
        client.destroy();
        upstream.destroy();
        return;
      }
      if (mode !== 'silent') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode !== 'silent') client.write(chunk);
    });
    client.on('close', () => {
      upstream.destroy();
      pairs.delete(pair);
    });
    upstream.on('close', () => client.destroy());
  };

  return {
    get port() {
      return port;
    },
    async start() {
      server = createServer(handle);
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    // Stops listening (new connections are refused) and drops every open connection.
    async stop() {
      if (!server) return;
      const listening = server;
      const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
      this.dropAll();
      await closed;
      server = null;
    },
    dropAll() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      pairs.clear();
    },
    setMode(next: ProxyMode) {
      mode = next;
    },
    cutEstablishedOnNextQuery(on: boolean) {
      cutOnNextData = on;
    },
    get open() {
      return pairs.size;
    },
  };
}

type Proxy = ReturnType<typeof createProxy>;

describe.skipIf(!serverUrl)('PostgreSQL going away and coming back', () => {
  const name = `habitrack_outage_${randomBytes(6).toString('hex')}`;
  let direct: Database;
  let proxied: Database;
  let proxy: Proxy;
  let app: App;
  let member: Member;

  const timed = async (url: string) => {
    const startedAt = Date.now();
    const response = await app.inject({ method: 'GET', url, headers: member.headers });
    return { response, ms: Date.now() - startedAt };
  };

  // Every request answers 503 with the service-unavailable sentence, each within `bound` ms;
  // /healthz says the database is unavailable.
  async function expectUnavailable(bound: number, times = 3) {
    for (let i = 0; i < times; i++) {
      const { response, ms } = await timed('/api/v1/auth/me');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: SERVICE_UNAVAILABLE });
      expect(ms).toBeLessThan(bound);
    }
    const health = await timed('/healthz');
    expect(health.response.statusCode).toBe(503);
    expect(health.response.json()).toEqual({ status: 'unavailable', database: 'postgres' });
    expect(health.ms).toBeLessThan(bound);
  }

  // Once the database is back the same process answers again, without a restart.
  async function expectRecovered() {
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await timed('/api/v1/auth/me')).response.statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const { response } = await timed('/api/v1/auth/me');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: member.email });
    }
    expect((await timed('/healthz')).response.json()).toEqual({ status: 'ok', database: 'postgres' });
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const directUrl = new URL(serverUrl!);
    directUrl.pathname = `/${name}`;
    direct = await openDatabase({ kind: 'postgres', url: directUrl.toString() });
    await migrateDatabase(direct);

    proxy = createProxy({ host: directUrl.hostname, port: Number(directUrl.port || 5432) });
    await proxy.start();
    const proxiedUrl = new URL(directUrl);
    proxiedUrl.hostname = '127.0.0.1';
    proxiedUrl.port = String(proxy.port);
    proxied = await openDatabase({
      kind: 'postgres',
      url: proxiedUrl.toString(),
      poolSize: 4,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    const issuers = await createTestIssuers();
    const world = await createWorld(direct.db, issuers);
    member = await world.person();
    app = await createTestApp(proxied, { keySets: issuers.keySets, config: { rateLimitPerMinute: 100_000 } });
  }, 60_000);

  afterAll(async () => {
    // Each step on its own, so a failed test still drops its database.
    await app?.close().catch(() => {});
    await proxied?.close().catch(() => {});
    await proxy?.stop().catch(() => {});
    await direct?.close().catch(() => {});
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it('answers normally through the proxy', async () => {
    await expectRecovered();
    // The pool holds connections that the next steps take away.
    expect(proxy.open).toBeGreaterThan(0);
  });

  it('the database refuses connections: 503 at once, then recovers', async () => {
    await proxy.stop();
    await expectUnavailable(FAST_MS);
    await proxy.start();
    await expectRecovered();
  });

  it('established connections die under a query: 503, then recovers', async () => {
    // Warm connections are in the pool; the next query sent on one kills it, and so does every
    // new connection until the database is back.
    proxy.cutEstablishedOnNextQuery(true);
    proxy.setMode('reset');
    await expectUnavailable(FAST_MS);
    proxy.cutEstablishedOnNextQuery(false);
    proxy.setMode('pass');
    await expectRecovered();
  });

  it('established connections are dropped while idle: the pool replaces them without an error', async () => {
    proxy.dropAll();
    await expectRecovered();
  });

  it('the database stops answering: 503 after the configured timeouts, never a hang, then recovers', async () => {
    // Established connections hang on their next query; new ones hang in the handshake.
    expect(proxy.open).toBeGreaterThan(0);
    proxy.setMode('silent');
    await expectUnavailable(SILENT_MS, 3);
    proxy.setMode('pass');
    proxy.dropAll();
    await expectRecovered();
  });
});
