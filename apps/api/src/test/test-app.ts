import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

export async function createTestApp(database: Database, overrides: Partial<Config> = {}): Promise<App> {
  const app = await buildApp({ config: testConfig(overrides), database });
  await app.ready();
  return app;
}
