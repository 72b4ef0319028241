import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { findTestRedis, redisAnswers } from './redis-server.ts';

async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

const installed = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

describe('the Redis the shared rate-limit tests use', () => {
  it('is TEST_REDIS_URL when set', async () => {
    const found = await findTestRedis({ env: { TEST_REDIS_URL: 'redis://cache.example:6380' } });
    expect(found.url).toBe('redis://cache.example:6380');
  });

  // Up to 15 s for the server to answer and 5 s for it to stop, on a machine busy with other suites.
  it.runIf(installed)(
    'is a private redis-server, started and stopped, when none answers',
    async () => {
      const found = await findTestRedis({ env: {}, machineUrl: await closedPortUrl() });
      expect(found.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
      expect(await redisAnswers(found.url!)).toBe(true);
      found.stop();
      await expect.poll(() => redisAnswers(found.url!, 200), { timeout: 5_000 }).toBe(false);
    },
    60_000,
  );

  it('is not a server that hangs up without answering (as a stopping Redis may)', async () => {
    const accepted = new Set<net.Socket>();
    const server = net.createServer((socket) => accepted.add(socket.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const answered = await Promise.race([
        redisAnswers(`redis://127.0.0.1:${port}`, 200),
        new Promise((resolve) => setTimeout(() => resolve('no answer within 2 s'), 2_000)),
      ]);
      expect(answered).toBe(false);
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('says why the tests skip when there is neither, and fails under CI', async () => {
    const options = { machineUrl: await closedPortUrl(), command: 'no-such-redis-server' };
    const found = await findTestRedis({ env: {}, ...options });
    expect(found.url).toBeUndefined();
    expect(found.reason).toMatch(/^no Redis answers on 127\.0\.0\.1:\d+ and no-such-redis-server is not installed/);
    await expect(findTestRedis({ env: { CI: 'true' }, ...options })).rejects.toThrow(
      /The shared rate-limit tests need Redis/,
    );
  });
});
