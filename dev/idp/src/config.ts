import path from 'node:path';

/**
 * The CLI's settings, read once from the environment
 * (docs/conventions.md#one-reader-of-the-environment).
 */
export type IdpEnvironment = {
  nodeEnv: string | undefined;
  hostedPort: number;
  directoryPort: number;
  appOrigins: string[];
  stateDir: string | undefined;
};

export class IdpConfigError extends Error {}

function port(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new IdpConfigError(
      `The dev identity provider cannot start. Environment variable ${name} must be a port number (0-65535), not "${raw}".`,
    );
  }
  return value;
}

function origins(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.length === 0) return ['http://localhost:3000'];
  return list.map((item) => {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new IdpConfigError(
        `The dev identity provider cannot start. Environment variable IDP_APP_ORIGINS has "${item}", which is not an origin such as http://localhost:3000.`,
      );
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      throw new IdpConfigError(
        `The dev identity provider cannot start. Environment variable IDP_APP_ORIGINS has "${item}", which is not an origin such as http://localhost:3000.`,
      );
    }
    return url.origin;
  });
}

export function readIdpEnvironment(env: Record<string, string | undefined> = process.env): IdpEnvironment {
  return {
    nodeEnv: env.NODE_ENV,
    hostedPort: port(env, 'IDP_HOSTED_PORT', 3001),
    directoryPort: port(env, 'IDP_DIRECTORY_PORT', 3002),
    appOrigins: origins(env.IDP_APP_ORIGINS),
    stateDir: env.IDP_STATE_DIR ? path.resolve(env.IDP_STATE_DIR) : undefined,
  };
}
