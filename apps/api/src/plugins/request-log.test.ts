import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { describeOnOneDatabase } from '../test/each-database.ts';
import { testConfig } from '../test/test-app.ts';

describeOnOneDatabase('the request log', (getDatabase) => {
  let app: App;
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const requestLines = () => lines.filter((line) => line.msg !== 'Server listening');

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({ rateLimitPerMinute: 100_000 }),
      database: getDatabase(),
      logger: pino({ level: 'info' }, sink),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('writes one line per request, when it is answered, with the path but not the query', async () => {
    lines.length = 0;
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/notifications/unsubscribe?token=secret-token-value',
      remoteAddress: '203.0.113.7',
    });
    expect(answer.statusCode).toBe(400);
    const written = requestLines();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      path: '/api/v1/notifications/unsubscribe',
      status: 400,
      ip: '203.0.113.7',
      reqId: expect.any(String),
    });
    expect(written[0]!.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });

  it('writes a line for refusals and successes alike, one each', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/v1/dashboard/' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(requestLines().map((line) => [line.path, line.status])).toEqual([
      ['/api/v1/dashboard/', 401],
      ['/healthz', 200],
    ]);
  });

  it('writes nothing per request below info', async () => {
    lines.length = 0;
    const quiet = await buildApp({
      config: testConfig(),
      database: getDatabase(),
      logger: pino({ level: 'warn' }, sink),
    });
    try {
      expect((await quiet.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(lines).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
