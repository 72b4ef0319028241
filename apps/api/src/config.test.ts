import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for the local demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', devTools: true, dataDir: '.data' });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('turns developer tools off by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true' }).devTools).toBe(true);
  });

  it('stops with a sentence naming the variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Environment variable PORT is invalid: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/Environment variable DATABASE_URL is invalid/);
    expect(() => loadConfig({ DEV_TOOLS: 'maybe' })).toThrow(/Environment variable DEV_TOOLS is invalid/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
