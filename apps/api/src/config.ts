import { z } from 'zod';

// The one place that reads process.env (CONVENTIONS 6). Everything else receives a Config.
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
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  devTools: boolean;
  webDist: string | undefined;
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
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    logLevel: c.LOG_LEVEL,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    devTools: c.DEV_TOOLS ?? c.NODE_ENV !== 'production',
    webDist: c.WEB_DIST,
  };
}
