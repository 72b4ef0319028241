import { buildApp, type App } from '../app.ts';
import type { KeySets } from '../auth/verify-token.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { testAuth } from './tokens.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), auth: testAuth, ...overrides };
}

// Every speed mechanism switched off (SPEED_OFF=all): the answers a fresh read gives.
export const ALL_SPEED_OFF: Config['speed'] = loadConfig({ SPEED_OFF: 'all' }).speed;

export async function createTestApp(
  database: Database,
  options: { config?: Partial<Config>; keySets?: KeySets; now?: () => Date } = {},
): Promise<App> {
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    keySets: options.keySets,
    now: options.now,
  });
  await app.ready();
  return app;
}
