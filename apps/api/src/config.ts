import { isIP } from 'node:net';
import { z } from 'zod';

// The one place that reads process.env (docs/conventions.md#one-reader-of-the-environment).
// Everything else receives a Config.
// What SPEED_OFF can switch off (docs/ARCHITECTURE.md "How the API stays fast").
const SPEED_SWITCHES = [
  'shared-statements',
  'named-statements',
  'held-answers',
  'token-cache',
  'frozen-items',
  'all',
] as const;

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  PUBLIC_URL: z.url().optional(),
  DEV_TOOLS: booleanFlag.optional(),
  WEB_DIST: z.string().min(1).optional(),
  AUTH0_DOMAIN: z.string().min(1).optional(),
  AUTH0_ISSUER: z.url().optional(),
  AUTH0_CLIENT_ID: z.string().min(1).optional(),
  AUTH0_AUDIENCE: z.string().min(1).optional(),
  AUTH0_JWKS_URI: z.url().optional(),
  AZURE_CLIENT_ID: z.string().min(1).optional(),
  AZURE_AUTHORITY: z.url().optional(),
  AZURE_KNOWN_AUTHORITIES: z.string().optional(),
  AZURE_API_SCOPE: z.string().min(1).optional(),
  AZURE_API_AUDIENCE: z.string().min(1).optional(),
  AZURE_ISSUER: z.url().optional(),
  AZURE_JWKS_URI: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465')
    .optional(),
  MAIL_FROM: z.string().min(3).default('HabiTrack <no-reply@habitrack.local>'),
  NOTIFICATIONS_SCHEDULER: z.enum(['on', 'off']).optional(),
  UNSUBSCRIBE_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  CORS_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => !o.trim() || URL.canParse(o.trim())),
      'must be a comma-separated list of origins, e.g. https://app.example.com,https://admin.example.com',
    )
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => parseTrustProxy(v) !== undefined,
      'must be off, a number of proxy hops (1, 2, ...) or a comma-separated list of proxy addresses or ranges, e.g. 10.0.0.0/8,loopback',
    )
    .optional(),
  API_DOCS: z.enum(['on', 'off']).optional(),
  DEMO_GOALS: z.enum(['on', 'off']).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^/\s]+/, 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('habitrack:'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  MIGRATE_ON_START: z.enum(['on', 'off']).default('on'),
  EMBEDDED_DATABASE: z.enum(['on', 'off']).optional(),
  DEMO_SEED: z.enum(['on', 'off']).optional(),
  SPEED_OFF: z
    .string()
    .refine(
      (v) => v.split(',').every((name) => !name.trim() || (SPEED_SWITCHES as readonly string[]).includes(name.trim())),
      `must be a comma-separated list of ${SPEED_SWITCHES.join(', ')}`,
    )
    .optional(),
});

type RawConfig = z.infer<typeof ConfigSchema>;

// Signs unsubscribe links when UNSUBSCRIBE_SECRET is unset: fine for the demo, known to everyone,
// so production sets its own (docs/operations/configuration.md).
export const DEMO_UNSUBSCRIBE_SECRET = 'habitrack-demo-unsubscribe-secret-not-for-production';

export type HostedAuthConfig = { domain: string; issuer: string; clientId: string; audience: string; jwksUri: string };
export type DirectoryAuthConfig = {
  clientId: string;
  authority: string;
  knownAuthorities: string[];
  apiScope: string;
  audience: string;
  // May hold {tenantid}: the issuer of a multi-tenant application depends on the user's tenant.
  issuer: string;
  jwksUri: string;
};
export type AuthConfig = { auth0: HostedAuthConfig | null; azure: DirectoryAuthConfig | null };

function required(c: RawConfig, names: (keyof RawConfig)[], because: string): void {
  const missing = names.filter((name) => c[name] === undefined);
  if (missing.length) {
    throw new ConfigError(
      missing.map((name) => `Environment variable ${name} is invalid: it is required when ${because}.`).join(' '),
    );
  }
}

function hostedAuth(c: RawConfig): HostedAuthConfig | null {
  if (!c.AUTH0_DOMAIN) return null;
  required(c, ['AUTH0_CLIENT_ID', 'AUTH0_AUDIENCE'], 'AUTH0_DOMAIN is set');
  const base = /^https?:\/\//.test(c.AUTH0_DOMAIN) ? c.AUTH0_DOMAIN : `https://${c.AUTH0_DOMAIN}`;
  const issuer = c.AUTH0_ISSUER ?? `${base.replace(/\/+$/, '')}/`;
  return {
    domain: c.AUTH0_DOMAIN,
    issuer,
    clientId: c.AUTH0_CLIENT_ID!,
    audience: c.AUTH0_AUDIENCE!,
    jwksUri: c.AUTH0_JWKS_URI ?? `${issuer}.well-known/jwks.json`,
  };
}

function directoryAuth(c: RawConfig): DirectoryAuthConfig | null {
  if (!c.AZURE_CLIENT_ID) return null;
  required(c, ['AZURE_API_SCOPE', 'AZURE_API_AUDIENCE'], 'AZURE_CLIENT_ID is set');
  return {
    clientId: c.AZURE_CLIENT_ID,
    authority: c.AZURE_AUTHORITY ?? 'https://login.microsoftonline.com/organizations',
    knownAuthorities: (c.AZURE_KNOWN_AUTHORITIES ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    apiScope: c.AZURE_API_SCOPE!,
    audience: c.AZURE_API_AUDIENCE!,
    issuer: c.AZURE_ISSUER ?? 'https://login.microsoftonline.com/{tenantid}/v2.0',
    jwksUri: c.AZURE_JWKS_URI ?? 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
  };
}

// What this process runs (docs/operations/deploy.md "Roles"): `api` answers HTTP, `worker` runs the
// timed jobs (the reminder scheduler and the outbox) and answers only /healthz and /readyz, `all`
// does both (the demo).
export type Role = 'all' | 'api' | 'worker';

export type Config = {
  env: 'development' | 'production' | 'test';
  role: Role;
  // Whether start-up runs the migrations; off when a deploy runs `npm run migrate` once beforehand.
  migrateOnStart: boolean;
  // EMBEDDED_DATABASE=on: production may use the embedded database (a one-machine trial).
  embeddedDatabaseAllowed: boolean;
  // Whether an empty database gets the demo organisation on start-up (never in production).
  demoSeed: boolean;
  port: number;
  host: string;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  // PUBLIC_URL unset: publicUrl is this machine's http://localhost:PORT.
  publicUrlIsDefault: boolean;
  devTools: boolean;
  webDist: string | undefined;
  auth: AuthConfig;
  // SMTP_URL unset: e-mail goes to the developer mail folder (docs/operations/email.md).
  mail: { smtpUrl: string | undefined; from: string };
  // Reminders and weekly summaries (docs/decisions/015-reminders.md): whether this process ticks
  // every minute to queue them, and the key that signs their unsubscribe links.
  notifications: { scheduler: boolean; unsubscribeSecret: string };
  // Browser origins allowed to call the API cross-origin (docs/operations/security.md).
  corsOrigins: string[];
  // Requests per minute on /api/v1/* per signed-in user, or per address before sign-in.
  rateLimitPerMinute: number;
  // Which proxies in front of the API may tell the client's address (X-Forwarded-For): false
  // trusts none (the connection's address is the client's), a number trusts that many hops, a
  // list trusts those addresses and ranges (docs/operations/configuration.md, "Behind a proxy").
  trustProxy: TrustProxy;
  // The API reference page at /api/docs; its JSON document at /api/docs/json is always served.
  apiDocs: boolean;
  // Set: rate-limit counters live in Redis and every instance shares them; unset: in process.
  redisUrl: string | undefined;
  // Prepended to every Redis key, so several environments can share one Redis.
  redisKeyPrefix: string;
  // On SIGTERM/SIGINT, requests in flight get this long to finish before their connections are cut.
  shutdownTimeoutMs: number;
  // PostgreSQL: longest wait for a connection, and longest a statement may run (answers 503 after).
  databaseConnectTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  // The demo seed (outside production) includes the leader's goals, departments and KPIs, unless
  // DEMO_GOALS=off (the programme as it is before the leader has set goals).
  demoGoals: boolean;
  // The speed mechanisms, each on unless SPEED_OFF names it (or says `all`).
  speed: {
    sharedStatements: boolean;
    namedStatements: boolean;
    heldAnswers: boolean;
    tokenCache: boolean;
    frozenItems: boolean;
  };
};

export class ConfigError extends Error {}

export type TrustProxy = false | number | string[];

// Names Fastify's proxy-addr understands for the usual private ranges.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

// undefined: not a valid setting.
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const trimmed = value.trim().toLowerCase();
  if (['off', 'false', 'none', '0'].includes(trimmed)) return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) <= 32 ? Number(trimmed) : undefined;
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length && entries.every(isAddressOrRange) ? entries : undefined;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const sentences = parsed.error.issues.map(
      (issue) => `Environment variable ${issue.path.join('.')} is invalid: ${issue.message}.`,
    );
    throw new ConfigError(sentences.join(' '));
  }
  const c = parsed.data;
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  return {
    env: c.NODE_ENV,
    role: c.ROLE,
    migrateOnStart: c.MIGRATE_ON_START === 'on',
    embeddedDatabaseAllowed: c.EMBEDDED_DATABASE === 'on',
    demoSeed: c.DEMO_SEED ? c.DEMO_SEED === 'on' : c.NODE_ENV !== 'production',
    port: c.PORT,
    host: c.HOST,
    logLevel: c.LOG_LEVEL,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    publicUrl,
    publicUrlIsDefault: c.PUBLIC_URL === undefined,
    devTools: c.DEV_TOOLS ?? c.NODE_ENV !== 'production',
    webDist: c.WEB_DIST,
    auth: { auth0: hostedAuth(c), azure: directoryAuth(c) },
    mail: { smtpUrl: c.SMTP_URL, from: c.MAIL_FROM },
    notifications: {
      scheduler: c.NOTIFICATIONS_SCHEDULER ? c.NOTIFICATIONS_SCHEDULER === 'on' : c.NODE_ENV !== 'test',
      unsubscribeSecret: c.UNSUBSCRIBE_SECRET ?? DEMO_UNSUBSCRIBE_SECRET,
    },
    corsOrigins: c.CORS_ORIGINS ? originsOf(c.CORS_ORIGINS.split(',')) : originsOf([publicUrl]),
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    trustProxy: c.TRUST_PROXY === undefined ? false : parseTrustProxy(c.TRUST_PROXY)!,
    apiDocs: c.API_DOCS ? c.API_DOCS === 'on' : c.NODE_ENV !== 'production',
    redisUrl: c.REDIS_URL,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    databaseConnectTimeoutMs: c.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
    demoGoals: c.DEMO_GOALS !== 'off',
    speed: speedSettings(c.SPEED_OFF),
  };
}

function speedSettings(off: string | undefined): Config['speed'] {
  const names = new Set((off ?? '').split(',').map((name) => name.trim()));
  const on = (name: string) => !names.has(name) && !names.has('all');
  return {
    sharedStatements: on('shared-statements'),
    namedStatements: on('named-statements'),
    heldAnswers: on('held-answers'),
    tokenCache: on('token-cache'),
    frozenItems: on('frozen-items'),
  };
}

// "https://app.example.com/path/" -> "https://app.example.com": browsers send origins, not URLs.
function originsOf(urls: string[]): string[] {
  return [
    ...new Set(
      urls
        .map((u) => u.trim())
        .filter(Boolean)
        .map((u) => new URL(u).origin),
    ),
  ];
}

// The development identity provider's own client ids and API audience (dev/idp): a production
// server that trusts them trusts tokens anyone can mint with the demo.
const DEVELOPMENT_CLIENTS = new Set([
  'https://api.habitrack.local',
  '0f3c5a7e-2b4d-4c6e-8a1f-9d2b4c6e8a10',
  '6a8e1c3f-5b7d-4e9a-b2c4-d6f8a0b2c4e6',
]);

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    (isIP(host) === 4 && host.startsWith('127.'))
  );
}

// Why an identity provider's address cannot be a production one, or null when it can.
function developmentAddress(value: string): string | null {
  const url = URL.canParse(value)
    ? new URL(value)
    : URL.canParse(`https://${value}`)
      ? new URL(`https://${value}`)
      : null;
  if (!url) return 'is not an address';
  if (isLoopbackHost(url.hostname)) return 'points at this machine, where only the development identity provider runs';
  if (url.protocol !== 'https:') return 'is not an https address';
  return null;
}

// In production the server refuses every demo default, with one sentence per problem naming the
// variable and the fix (docs/operations/deploy.md "What production refuses"). Empty: none.
export function productionProblems(config: Config): string[] {
  if (config.env !== 'production') return [];
  const problems: string[] = [];
  if (config.notifications.unsubscribeSecret === DEMO_UNSUBSCRIBE_SECRET) {
    problems.push(
      'UNSUBSCRIBE_SECRET is not set, so unsubscribe links would be signed with the demo secret printed in the source: set it to a random value of at least 32 characters (e.g. openssl rand -base64 48).',
    );
  }
  if (!config.databaseUrl && !config.embeddedDatabaseAllowed) {
    problems.push(
      'DATABASE_URL is not set, so the embedded database in DATA_DIR would hold production data: set DATABASE_URL to your PostgreSQL database (postgres://user:password@host:5432/habitrack), or set EMBEDDED_DATABASE=on for a one-machine trial.',
    );
  }
  if (new URL(config.publicUrl).protocol !== 'https:') {
    const what = config.publicUrlIsDefault ? 'not set' : `"${config.publicUrl}", not an https address`;
    problems.push(
      `PUBLIC_URL is ${what}: set it to the https address members open, e.g. https://habitrack.example.com (e-mail links and sign-in redirects use it).`,
    );
  }
  const { auth0, azure } = config.auth;
  if (!auth0 && !azure) {
    problems.push(
      'No identity provider is configured: set AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE for HabiTrack accounts, or AZURE_CLIENT_ID, AZURE_API_SCOPE and AZURE_API_AUDIENCE for corporate accounts, or both.',
    );
  }
  const addresses: [string, string | undefined][] = [
    ['AUTH0_DOMAIN', auth0?.domain],
    ['AUTH0_ISSUER', auth0?.issuer],
    ['AUTH0_JWKS_URI', auth0?.jwksUri],
    ['AZURE_AUTHORITY', azure?.authority],
    ['AZURE_ISSUER', azure?.issuer.replace('{tenantid}', 'tenant')],
    ['AZURE_JWKS_URI', azure?.jwksUri],
    ...(azure?.knownAuthorities ?? []).map((a): [string, string] => ['AZURE_KNOWN_AUTHORITIES', a]),
  ];
  for (const [name, value] of addresses) {
    const reason = value === undefined ? null : developmentAddress(value);
    if (reason) {
      problems.push(
        `${name} "${value}" ${reason}: set it to your identity provider's https address (docs/operations/sign-in.md).`,
      );
    }
  }
  const clients: [string, string | undefined][] = [
    ['AUTH0_AUDIENCE', auth0?.audience],
    ['AUTH0_CLIENT_ID', auth0?.clientId],
    ['AZURE_CLIENT_ID', azure?.clientId],
    ['AZURE_API_AUDIENCE', azure?.audience],
    ['AZURE_API_SCOPE', azure?.apiScope],
  ];
  for (const [name, value] of clients) {
    if (value && [...DEVELOPMENT_CLIENTS].some((dev) => value === dev || value.startsWith(`api://${dev}`))) {
      problems.push(
        `${name} "${value}" belongs to the development identity provider: set it to the value your own tenant gives HabiTrack (docs/operations/sign-in.md).`,
      );
    }
  }
  if (config.devTools) {
    problems.push(
      'DEV_TOOLS is on: remove it or set DEV_TOOLS=false, since the developer tools must not run in production.',
    );
  }
  if (config.demoSeed) {
    problems.push(
      'DEMO_SEED is on: remove it or set DEMO_SEED=off, since production never loads the demo organisation.',
    );
  }
  return problems;
}
