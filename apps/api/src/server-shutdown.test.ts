import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { spawnApi, startAuthority, waitUntilHealthy, type ApiProcess, type Authority } from './test/api-process.ts';

const SHUTDOWN_TIMEOUT_MS = 4_000;

type RawResponse = { status: number; headers: string; body: string };

// An HTTP/1.1 request over a bare socket, so the test decides when each part of the body leaves.
function rawRequest(port: number, head: string, bodyParts: string[]) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const response = new Promise<RawResponse>((resolve, reject) => {
    const tryParse = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const headers = received.slice(0, end);
      const length = Number(/content-length:\s*(\d+)/i.exec(headers)?.[1] ?? NaN);
      const body = received.slice(end + 4);
      if (!Number.isFinite(length) || Buffer.byteLength(body) < length) return false;
      resolve({ status: Number(headers.split(' ')[1]), headers, body });
      return true;
    };
    socket.on('data', (chunk) => {
      received += chunk.toString();
      tryParse();
    });
    socket.on('close', () => {
      if (!tryParse()) reject(new Error(`connection closed before a full response: ${JSON.stringify(received)}`));
    });
    socket.on('error', () => {});
  });
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    connected,
    response,
    socket,
    sendHead: async () => {
      await connected;
      socket.write(head + bodyParts[0]);
    },
    sendRest: () => socket.write(bodyParts.slice(1).join('')),
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM on the API process (PGlite data folder)', () => {
  let scratch: string;
  let dataDir: string;
  let authority: Authority;
  let api: ApiProcess;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'habitrack-shutdown-'));
    dataDir = path.join(scratch, 'data');
    authority = await startAuthority();
    api = await spawnApi({
      database: { dataDir },
      authority,
      env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
    });
    await waitUntilHealthy(api, 150_000);
  }, 180_000);

  afterAll(async () => {
    if (api && api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
    await authority?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('finishes the request in flight, refuses new connections, cuts a stuck one at the timeout, exits 0 and releases the data folder', async () => {
    const email = 'priya.sharma@acme.example';
    const token = await authority.token(email);
    const active = await fetch(`${api.baseUrl}/api/v1/habits/my-active`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(active.status).toBe(200);
    const [userHabit] = (await active.json()) as { id: string }[];
    expect(userHabit).toBeDefined();

    const note = `written while shutting down ${Date.now()}`;
    const body = JSON.stringify({ log_type: 'completed', note });
    const headOf = (length: number) =>
      `POST /api/v1/habits/${userHabit!.id}/log HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    const slow = rawRequest(api.port, headOf(Buffer.byteLength(body)), [body.slice(0, 10), body.slice(10)]);
    // A second request whose body never comes: only the shutdown timeout ends it.
    const stuck = rawRequest(api.port, headOf(Buffer.byteLength(body)), [body.slice(0, 10)]);
    await slow.sendHead();
    await stuck.sendHead();
    // Both requests are inside the server (headers read, waiting for their bodies).
    await sleep(1_000);

    const signalledAt = Date.now();
    api.child.kill('SIGTERM');

    // New connections are refused once the server stops listening.
    let refused = false;
    while (!refused && Date.now() - signalledAt < 5_000) {
      refused = !(await canConnect(api.port));
      if (!refused) await sleep(50);
    }
    expect(refused).toBe(true);

    // The request in flight completes with its normal answer.
    slow.sendRest();
    const answer = await slow.response;
    expect([200, 201]).toContain(answer.status);
    expect(JSON.parse(answer.body)).toMatchObject({ note, log_type: 'completed', user_habit_id: userHabit!.id });

    // The stuck request holds the process until the timeout, then its connection is cut.
    await expect(stuck.response).rejects.toThrow('connection closed before a full response');
    const { code, signal } = await api.exited;
    const exitedAfter = Date.now() - signalledAt;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(exitedAfter).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
    expect(exitedAfter).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 15_000);
    expect(api.output()).not.toMatch(/\n\s+at /);
    // The log is written asynchronously; what was logged before the exit is all there.
    expect(api.output()).toContain('"msg":"shutdown timeout: closing remaining connections"');

    // The database was closed: the lock is gone, the folder reopens, and the write is there.
    expect(existsSync(path.join(dataDir, 'habitrack.lock'))).toBe(false);
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const result = await reopened.db.execute(`select note from habit_logs where note = '${note}'`);
      expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 90_000);
});
