import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_UNSUBSCRIBE_SECRET, loadConfig } from './config.ts';
import { productionProblems } from './production-settings.ts';

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
    expect(loadConfig({}).notifications).toEqual({
      scheduler: true,
      tickSeconds: 60,
      unsubscribeSecret: DEMO_UNSUBSCRIBE_SECRET,
    });
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

  it('ticks every minute, or every number of seconds that divides one, and refuses any other', () => {
    expect(loadConfig({ NOTIFICATIONS_TICK_SECONDS: '5' }).notifications.tickSeconds).toBe(5);
    expect(loadConfig({ NOTIFICATIONS_TICK_SECONDS: '60' }).notifications.tickSeconds).toBe(60);
    for (const refused of ['0', '7', '45', '90', '2.5', 'often']) {
      expect(() => loadConfig({ NOTIFICATIONS_TICK_SECONDS: refused }), refused).toThrow(
        /^Environment variable NOTIFICATIONS_TICK_SECONDS is invalid: .*divides 60/,
      );
    }
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
      knownCallers: true,
    });
    expect(loadConfig({ SPEED_OFF: 'held-answers, token-cache' }).speed).toEqual({
      sharedStatements: true,
      namedStatements: true,
      heldAnswers: false,
      tokenCache: false,
      frozenItems: true,
      knownCallers: true,
    });
    expect(loadConfig({ SPEED_OFF: 'frozen-items' }).speed.frozenItems).toBe(false);
    expect(loadConfig({ SPEED_OFF: 'known-callers' }).speed.knownCallers).toBe(false);
    expect(loadConfig({ SPEED_OFF: 'all' }).speed.knownCallers).toBe(false);
    expect(loadConfig({ SPEED_OFF: 'all' }).speed).toEqual({
      sharedStatements: false,
      namedStatements: false,
      heldAnswers: false,
      tokenCache: false,
      frozenItems: false,
      knownCallers: false,
    });
    expect(() => loadConfig({ SPEED_OFF: 'caches' })).toThrow(/Environment variable SPEED_OFF is invalid: must be/);
  });
});

describe('roles, migrations and the demo seed', () => {
  it('runs every part in one process unless ROLE says which', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'api' }).role).toBe('api');
    expect(loadConfig({ ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'scheduler' })).toThrow(/^Environment variable ROLE is invalid/);
  });

  it('migrates on start unless MIGRATE_ON_START is off', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'off' }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/^Environment variable MIGRATE_ON_START is invalid/);
  });

  it('seeds the demo outside production unless DEMO_SEED is off', () => {
    expect(loadConfig({}).demoSeed).toBe(true);
    expect(loadConfig({ DEMO_SEED: 'off' }).demoSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).demoSeed).toBe(false);
  });
});

describe('production refuses demo settings', () => {
  // A complete production configuration: each test breaks one setting of it.
  const production: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://habitrack:secret@db.example.com:5432/habitrack',
    PUBLIC_URL: 'https://habitrack.example.com',
    UNSUBSCRIBE_SECRET: 'x'.repeat(48),
    AUTH0_DOMAIN: 'login.example.com',
    AUTH0_CLIENT_ID: 'Zq8w1PmS0aQ3',
    AUTH0_AUDIENCE: 'https://api.habitrack.example.com',
    AZURE_CLIENT_ID: '11111111-2222-4333-8444-555555555555',
    AZURE_API_SCOPE: 'api://11111111-2222-4333-8444-555555555555/access_as_user',
    AZURE_API_AUDIENCE: '11111111-2222-4333-8444-555555555555',
  };
  const problemsWith = (changes: Record<string, string | undefined>) =>
    productionProblems(loadConfig({ ...production, ...changes }));

  it('accepts a complete production configuration', () => {
    expect(productionProblems(loadConfig(production))).toEqual([]);
    // The embedded database with the explicit opt-in, Azure alone, and Auth0 alone.
    expect(problemsWith({ DATABASE_URL: undefined, EMBEDDED_DATABASE: 'on' })).toEqual([]);
    expect(problemsWith({ AUTH0_DOMAIN: undefined })).toEqual([]);
    expect(problemsWith({ AZURE_CLIENT_ID: undefined })).toEqual([]);
  });

  it('checks nothing outside production', () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true' }))).toEqual([]);
  });

  it('refuses a missing UNSUBSCRIBE_SECRET, and a short one in every mode', () => {
    expect(problemsWith({ UNSUBSCRIBE_SECRET: undefined })).toEqual([
      expect.stringMatching(/^UNSUBSCRIBE_SECRET is not set, .* at least 32 characters/),
    ]);
    expect(problemsWith({ UNSUBSCRIBE_SECRET: DEMO_UNSUBSCRIBE_SECRET })).toEqual([
      expect.stringMatching(/^UNSUBSCRIBE_SECRET /),
    ]);
    expect(() => loadConfig({ ...production, UNSUBSCRIBE_SECRET: 'change-me' })).toThrow(
      /^Environment variable UNSUBSCRIBE_SECRET is invalid: must be at least 32 characters/,
    );
  });

  it('refuses the embedded database without EMBEDDED_DATABASE=on', () => {
    expect(problemsWith({ DATABASE_URL: undefined })).toEqual([
      expect.stringMatching(/^DATABASE_URL is not set, .*set EMBEDDED_DATABASE=on for a one-machine trial/),
    ]);
    expect(problemsWith({ DATABASE_URL: undefined, EMBEDDED_DATABASE: 'off' })).toHaveLength(1);
  });

  it('refuses a missing or plain-http PUBLIC_URL', () => {
    expect(problemsWith({ PUBLIC_URL: undefined })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: set it to the https address/),
    ]);
    expect(problemsWith({ PUBLIC_URL: 'http://habitrack.example.com' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is "http:\/\/habitrack.example.com", not an https address/),
    ]);
  });

  it('refuses to run without an identity provider', () => {
    expect(problemsWith({ AUTH0_DOMAIN: undefined, AZURE_CLIENT_ID: undefined })).toEqual([
      expect.stringMatching(/^No identity provider is configured: set AUTH0_DOMAIN.* or AZURE_CLIENT_ID/),
    ]);
  });

  it("refuses the development identity provider's addresses and clients", () => {
    // What `npm start` hands the API (dev/idp/src/api-environment.ts).
    const devIdp = {
      AUTH0_DOMAIN: 'http://localhost:3001',
      AUTH0_ISSUER: 'http://localhost:3001/',
      AUTH0_CLIENT_ID: 'habitrack-web',
      AUTH0_AUDIENCE: 'https://api.habitrack.local',
      AUTH0_JWKS_URI: 'http://localhost:3001/.well-known/jwks.json',
      AZURE_CLIENT_ID: '0f3c5a7e-2b4d-4c6e-8a1f-9d2b4c6e8a10',
      AZURE_AUTHORITY: 'https://localhost:3002/organizations',
      AZURE_KNOWN_AUTHORITIES: 'localhost:3002',
      AZURE_API_SCOPE: 'api://6a8e1c3f-5b7d-4e9a-b2c4-d6f8a0b2c4e6/access_as_user',
      AZURE_API_AUDIENCE: '6a8e1c3f-5b7d-4e9a-b2c4-d6f8a0b2c4e6',
      AZURE_ISSUER: 'https://localhost:3002/{tenantid}/v2.0',
      AZURE_JWKS_URI: 'https://localhost:3002/discovery/v2.0/keys',
    };
    const problems = problemsWith(devIdp);
    const named = (name: string) => problems.filter((p) => p.startsWith(`${name} `));
    for (const name of ['AUTH0_DOMAIN', 'AUTH0_ISSUER', 'AUTH0_JWKS_URI', 'AZURE_AUTHORITY', 'AZURE_ISSUER']) {
      expect(named(name), name).toEqual([expect.stringMatching(/points at this machine.*set it to your identity/)]);
    }
    for (const name of ['AZURE_JWKS_URI', 'AZURE_KNOWN_AUTHORITIES']) expect(named(name), name).toHaveLength(1);
    for (const name of ['AUTH0_AUDIENCE', 'AZURE_CLIENT_ID', 'AZURE_API_AUDIENCE', 'AZURE_API_SCOPE']) {
      expect(named(name), name).toEqual([expect.stringMatching(/belongs to the development identity provider/)]);
    }
    // A loopback address by number, and an issuer over plain http elsewhere.
    expect(problemsWith({ AUTH0_JWKS_URI: 'https://127.0.0.1:8443/jwks.json' })).toEqual([
      expect.stringMatching(/^AUTH0_JWKS_URI "https:\/\/127.0.0.1:8443\/jwks.json" points at this machine/),
    ]);
    // The key set's address follows the issuer's unless AUTH0_JWKS_URI is set.
    expect(problemsWith({ AUTH0_ISSUER: 'http://login.example.com/' })).toEqual([
      expect.stringMatching(/^AUTH0_ISSUER "http:\/\/login.example.com\/" is not an https address/),
      expect.stringMatching(/^AUTH0_JWKS_URI "http:\/\/login.example.com\/.well-known\/jwks.json" is not an https/),
    ]);
  });

  it('refuses DEV_TOOLS on', () => {
    expect(problemsWith({ DEV_TOOLS: 'true' })).toEqual([expect.stringMatching(/^DEV_TOOLS is on: .*DEV_TOOLS=false/)]);
    expect(problemsWith({ DEV_TOOLS: 'false' })).toEqual([]);
  });

  it('refuses the demo seed', () => {
    expect(problemsWith({ DEMO_SEED: 'on' })).toEqual([expect.stringMatching(/^DEMO_SEED is on: .*DEMO_SEED=off/)]);
  });

  it('names every problem at once, one sentence each', () => {
    const problems = productionProblems(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true' }));
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'UNSUBSCRIBE_SECRET',
      'DATABASE_URL',
      'PUBLIC_URL',
      'No',
      'DEV_TOOLS',
    ]);
    for (const problem of problems) expect(problem).toMatch(/^[^.]*[^.]+: .+\.$/);
  });
});
