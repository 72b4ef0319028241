import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnApi, waitUntilHealthy, type ApiProcess } from './api-process.ts';
import { listensOn, portToListenOn } from './ports.ts';

// The process-level tests trust an answer on the API's port to be the API's own.
describe('a spawned API', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is given a port below the range handed out for port 0', async () => {
    // Linux says where its range starts; elsewhere ports from 32768 are taken to be in it.
    const range = '/proc/sys/net/ipv4/ip_local_port_range';
    const low = existsSync(range) ? Number(readFileSync(range, 'utf8').trim().split(/\s+/)[0]) : 32768;
    for (let i = 0; i < 20; i++) {
      const port = await portToListenOn();
      expect(port).toBeLessThan(low);
      expect(port).toBeGreaterThanOrEqual(1024);
    }
  });

  it('is not taken for healthy when another process answers on its port', async () => {
    // Another test's server that took the port first, answering 200 to everything.
    const impostor = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}');
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => impostor.close(() => resolve())));
    const port = (impostor.address() as { port: number }).port;
    expect(listensOn(process.pid, port)).toBe(true);
    const scratch = mkdtempSync(path.join(tmpdir(), 'habitrack-api-process-'));
    cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));

    const api: ApiProcess = await spawnApi({ database: { dataDir: path.join(scratch, 'data') }, port });
    cleanups.push(async () => {
      api.child.kill('SIGKILL');
      await api.exited;
    });
    expect(listensOn(api.child.pid!, port)).toBe(false);
    await expect(waitUntilHealthy(api, 30_000)).rejects.toThrow(`another process answered on port ${port}`);
  });
});
