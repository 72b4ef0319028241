import { z } from 'zod';
import { speedOffSetting, speedSettings, type SpeedSettings } from './speed-setting.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy-setting.ts';

export { parseTrustProxy, type TrustProxy };

// The one place that reads process.env (docs/conventions.md#one-reader-of-the-environment).
// Everything else receives a Config.

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
  // How often the scheduler ticks: a whole minute by default, or a number of seconds that divides
  // one (a shorter tick sends a reminder sooner after its minute, for one more read each tick).
  NOTIFICATIONS_TICK_SECONDS: z
    .enum(['1', '2', '3', '4', '5', '6', '10', '12', '15', '20', '30', '60'], {
      error: 'must be a number of seconds that divides 60: 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60',
    })
    .default('60'),
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
  // A pooler in transaction mode in front of PostgreSQL (PgBouncer before 1.21) cannot keep a
  // connection's named statements: `transaction` sends them unnamed (docs/operations/capacity.md#pgbouncer).
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  // The speed mechanisms to switch off (docs/ARCHITECTURE.md "How the API stays fast").
  SPEED_OFF: speedOffSetting,
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
  // every minute (or every `tickSeconds`) to queue them, and the key that signs their unsubscribe links.
  notifications: { scheduler: boolean; tickSeconds: number; unsubscribeSecret: string };
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
  speed: SpeedSettings;
};

export class ConfigError extends Error {}

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
      tickSeconds: Number(c.NOTIFICATIONS_TICK_SECONDS),
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
    speed: speedSettings(c.SPEED_OFF, c.DATABASE_POOLER),
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
