// The real API server (server.ts) as a child process, signed in through a local sign-in
// authority whose key the caller holds. Used by the process-level tests (shutdown, data folder
// lock) and by scripts/resilience/kill-test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { listensOn, portToListenOn } from './ports.ts';

export const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

const AUDIENCE = 'https://api.habitrack.resilience';
const CLIENT_ID = 'resilience-web';

export type Authority = {
  // AUTH0_* variables that make the API trust this authority.
  env: Record<string, string>;
  // An RS256 access token for the given e-mail (the user must be provisioned, e.g. a demo account).
  token: (email: string) => Promise<string>;
  close: () => Promise<void>;
};

// Serves a JWKS over local HTTP and signs tokens with the matching private key.
export async function startAuthority(): Promise<Authority> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${base}/`;
  // One subject per e-mail, so every token of a user names the same linked identity.
  const subjects = new Map<string, string>();
  return {
    env: {
      AUTH0_DOMAIN: base,
      AUTH0_ISSUER: issuer,
      AUTH0_CLIENT_ID: CLIENT_ID,
      AUTH0_AUDIENCE: AUDIENCE,
      AUTH0_JWKS_URI: `${base}/.well-known/jwks.json`,
    },
    token: (email) => {
      const subject = subjects.get(email) ?? `auth0|${randomUUID()}`;
      subjects.set(email, subject);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email, email_verified: true, azp: CLIENT_ID, scope: 'openid profile email' })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setSubject(subject)
        .setIssuedAt(now)
        .setExpirationTime(now + 4 * 3600)
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ApiProcess = {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type ApiDatabase = { dataDir: string } | { databaseUrl: string };

// Starts server.ts with a clean environment: only what is given here, nothing inherited that
// could point it at another database or service.
export async function spawnApi(options: {
  database: ApiDatabase;
  authority?: Authority;
  env?: Record<string, string>;
  port?: number;
}): Promise<ApiProcess> {
  const port = options.port ?? (await portToListenOn());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: '10000000',
    ...('dataDir' in options.database
      ? { DATA_DIR: options.database.dataDir }
      : { DATABASE_URL: options.database.databaseUrl }),
    ...options.authority?.env,
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

// Resolves once /healthz answers 200; fails if the process exits first or time runs out.
export async function waitUntilHealthy(api: ApiProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void api.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the API exited before it was healthy:\n${api.output()}`);
    let status = 0;
    try {
      status = (await fetch(`${api.baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })).status;
    } catch {
      // Not listening yet.
    }
    if (status === 200) {
      // Another process on the port would have answered for an API still starting (or about to
      // fail to bind it): the answer counts only from the API's own socket.
      if (listensOn(api.child.pid!, api.port) !== false) return;
      throw new Error(`another process answered on port ${api.port}, where the API was to listen:\n${api.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the API was not healthy within ${timeoutMs} ms:\n${api.output()}`);
}
