import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { portToListenOn } from './ports.ts';

// The Redis the shared rate-limit tests use, found or started before they run:
// 1. TEST_REDIS_URL when set;
// 2. else the machine's Redis on 127.0.0.1:6379 when it answers (CI starts one: scripts/ensure-redis.sh);
// 3. else a private `redis-server` (when installed) on a free port, without persistence, stopped
//    when the test process exits;
// 4. else none: the tests are skipped with the reason, except under CI, where that is a failure.
export type TestRedis =
  { url: string; reason?: undefined; stop: () => void } | { url?: undefined; reason: string; stop: () => void };

const DEFAULT_URL = 'redis://127.0.0.1:6379';

// Whether a Redis answers PING at `url` within `timeoutMs`.
export function redisAnswers(url: string, timeoutMs = 1000): Promise<boolean> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(target.port || 6379), target.hostname);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    // Closed without an answer (a server that is stopping accepts, then hangs up): a closed socket's
    // time-out never fires.
    socket.on('close', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

async function startPrivateRedis(command: string): Promise<{ url: string; stop: () => void } | null> {
  if (spawnSync(command, ['--version'], { stdio: 'ignore' }).status !== 0) return null;
  const port = await portToListenOn();
  const child: ChildProcess = spawn(
    command,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const stop = () => {
    if (child.exitCode === null) child.kill();
  };
  process.once('exit', stop);
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await redisAnswers(url, 200)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  return null;
}

type FindOptions = {
  env?: NodeJS.ProcessEnv;
  // Where the machine's Redis is looked for, and the server program to start (tests of this file).
  machineUrl?: string;
  command?: string;
};

export async function findTestRedis({
  env = process.env,
  machineUrl = DEFAULT_URL,
  command = 'redis-server',
}: FindOptions = {}): Promise<TestRedis> {
  const keep = () => {};
  if (env.TEST_REDIS_URL) return { url: env.TEST_REDIS_URL, stop: keep };
  if (await redisAnswers(machineUrl)) return { url: machineUrl, stop: keep };
  const started = await startPrivateRedis(command);
  if (started) return started;
  const reason =
    `no Redis answers on ${new URL(machineUrl).host} and ${command} is not installed ` +
    '(install it, run `bash scripts/ensure-redis.sh`, or set TEST_REDIS_URL)';
  if (env.CI) throw new Error(`The shared rate-limit tests need Redis: ${reason}.`);
  return { reason, stop: keep };
}
