import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_UNSUBSCRIBE_SECRET, loadConfig } from './config.ts';

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

describe('proxy and API reference settings', () => {
  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Environment variable TRUST_PROXY is invalid: must be off, a number of proxy hops/,
    );
  });

  it('serves the API reference page outside production unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/^Environment variable API_DOCS is invalid/);
  });

  it('seeds the demo with its goals unless DEMO_GOALS is off', () => {
    expect(loadConfig({}).demoGoals).toBe(true);
    expect(loadConfig({ DEMO_GOALS: 'off' }).demoGoals).toBe(false);
    expect(() => loadConfig({ DEMO_GOALS: 'no' })).toThrow(/^Environment variable DEMO_GOALS is invalid/);
  });
});

describe('mail settings', () => {
  it('uses the developer mail folder unless SMTP_URL is set', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'HabiTrack <no-reply@habitrack.local>' });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Acme <habits@acme.example>' }).mail,
    ).toEqual({ smtpUrl: 'smtps://u:p@smtp.example.com:465', from: 'Acme <habits@acme.example>' });
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com' })).toThrow(
      /^Environment variable SMTP_URL is invalid: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});

describe('notification settings', () => {
  it('ticks the scheduler unless switched off (off by default in tests), with a demo secret unless one is set', () => {
    expect(loadConfig({}).notifications).toEqual({ scheduler: true, unsubscribeSecret: DEMO_UNSUBSCRIBE_SECRET });
    expect(loadConfig({ NODE_ENV: 'production' }).notifications.scheduler).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).notifications.scheduler).toBe(false);
    expect(loadConfig({ NOTIFICATIONS_SCHEDULER: 'off' }).notifications.scheduler).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', NOTIFICATIONS_SCHEDULER: 'on' }).notifications.scheduler).toBe(true);
    const secret = 'x'.repeat(32);
    expect(loadConfig({ UNSUBSCRIBE_SECRET: secret }).notifications.unsubscribeSecret).toBe(secret);
  });

  it('refuses a short secret or an unknown scheduler switch, naming the variable', () => {
    expect(() => loadConfig({ UNSUBSCRIBE_SECRET: 'short' })).toThrow(
      /^Environment variable UNSUBSCRIBE_SECRET is invalid: must be at least 32 characters/,
    );
    expect(() => loadConfig({ NOTIFICATIONS_SCHEDULER: 'yes' })).toThrow(
      /^Environment variable NOTIFICATIONS_SCHEDULER is invalid/,
    );
  });
});

describe('sign-in settings', () => {
  it('offers no provider unless configured', () => {
    expect(loadConfig({}).auth).toEqual({ auth0: null, azure: null });
  });

  it('derives the hosted issuer and key set from the domain', () => {
    const { auth0 } = loadConfig({
      AUTH0_DOMAIN: 'habitrack.eu.auth0.com',
      AUTH0_CLIENT_ID: 'abc',
      AUTH0_AUDIENCE: 'https://api.habitrack.app',
    }).auth;
    expect(auth0).toEqual({
      domain: 'habitrack.eu.auth0.com',
      issuer: 'https://habitrack.eu.auth0.com/',
      clientId: 'abc',
      audience: 'https://api.habitrack.app',
      jwksUri: 'https://habitrack.eu.auth0.com/.well-known/jwks.json',
    });
  });

  it('defaults the directory provider to multi-tenant Azure AD', () => {
    const { azure } = loadConfig({
      AZURE_CLIENT_ID: 'c',
      AZURE_API_SCOPE: 'api://a/access_as_user',
      AZURE_API_AUDIENCE: 'a',
    }).auth;
    expect(azure).toMatchObject({
      authority: 'https://login.microsoftonline.com/organizations',
      knownAuthorities: [],
      issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0',
    });
  });

  it('names what is missing', () => {
    expect(() => loadConfig({ AUTH0_DOMAIN: 'x.auth0.com' })).toThrow(
      'Environment variable AUTH0_CLIENT_ID is invalid: it is required when AUTH0_DOMAIN is set. ' +
        'Environment variable AUTH0_AUDIENCE is invalid: it is required when AUTH0_DOMAIN is set.',
    );
  });
});

describe('security settings', () => {
  it('allows only the public address cross-origin by default', () => {
    expect(loadConfig({}).corsOrigins).toEqual(['http://localhost:3000']);
    expect(loadConfig({ PUBLIC_URL: 'https://habits.acme.example/app/' }).corsOrigins).toEqual([
      'https://habits.acme.example',
    ]);
  });

  it('reads CORS_ORIGINS as a comma-separated list of origins', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example:8443/x,,https://a.example' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example,not a url' })).toThrow(
      /^Environment variable CORS_ORIGINS is invalid: must be a comma-separated list of origins/,
    );
  });

  it('limits requests per minute, 600 unless RATE_LIMIT_PER_MINUTE says otherwise', () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(600);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '30' }).rateLimitPerMinute).toBe(30);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/Environment variable RATE_LIMIT_PER_MINUTE/);
  });
});

describe('speed settings', () => {
  it('has every speed mechanism on unless SPEED_OFF names it', () => {
    expect(loadConfig({}).speed).toEqual({
      sharedStatements: true,
      namedStatements: true,
      heldAnswers: true,
      tokenCache: true,
      frozenItems: true,
    });
    expect(loadConfig({ SPEED_OFF: 'held-answers, token-cache' }).speed).toEqual({
      sharedStatements: true,
      namedStatements: true,
      heldAnswers: false,
      tokenCache: false,
      frozenItems: true,
    });
    expect(loadConfig({ SPEED_OFF: 'frozen-items' }).speed.frozenItems).toBe(false);
    expect(loadConfig({ SPEED_OFF: 'all' }).speed).toEqual({
      sharedStatements: false,
      namedStatements: false,
      heldAnswers: false,
      tokenCache: false,
      frozenItems: false,
    });
    expect(() => loadConfig({ SPEED_OFF: 'caches' })).toThrow(/Environment variable SPEED_OFF is invalid: must be/);
  });
});
