// Child processes the benchmark measures: the reference server, the API server (apps/api/src/server.ts
// under tsx, logging off, or the release build under plain node), and the JWKS the API trusts.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { portToListenOn } from '../../apps/api/src/test/ports.ts';
import { BENCH_ISSUER } from './generate.ts';
import { benchRoot, type Target } from './data.ts';

export const AUDIENCE = 'https://api.habitrack.bench';
export const CLIENT_ID = 'bench-web';

export type Running = { url: string; stop: () => Promise<void> };

// Resolves once `url` answers below 500 (a /readyz still answering 503 is not up yet); fails if the
// process exits first or the time runs out, with what `output` says.
export async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

async function startChild(
  script: string,
  env: NodeJS.ProcessEnv,
  probe: string,
  options: { nodeArgs?: string[]; root?: string } = {},
): Promise<Running> {
  const root = options.root ?? benchRoot;
  const port = await portToListenOn();
  // TypeScript runs under tsx; a built file (.js) with plain node.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, path.join(root, script)], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A benchmark stopped early (Ctrl-C, kill) takes its servers with it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}${probe}`, child, () => output);
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function startReference(): Promise<Running> {
  return startChild('bench/src/reference-server.ts', { PATH: process.env.PATH, NODE_ENV: 'production' }, '/');
}

export type Issuer = { jwksUri: string; sign: (n: number) => Promise<string>; close: () => Promise<void> };

// A key pair made for this run, published as a JWKS over HTTP; the API fetches it like any
// hosted provider's key set and verifies real RS256 signatures.
export async function startIssuer(): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = `bench-${Date.now()}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const body = JSON.stringify({ keys: [jwk] });
  const server: Server = createServer((request, response) => {
    response.writeHead(request.url === '/.well-known/jwks.json' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUri: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign: (n) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: `member${n}@bench.example`,
        email_verified: true,
        azp: CLIENT_ID,
        scope: 'openid profile email',
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
        .setIssuer(BENCH_ISSUER)
        .setAudience([AUDIENCE, `${BENCH_ISSUER}userinfo`])
        .setSubject(`bench|${n}`)
        .setIssuedAt(now)
        .setExpirationTime(now + 3 * 3600)
        .sign(privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `root`: another checkout of the project, to measure its API in the same run (--compare).
export function startApi(
  target: Target,
  issuer: Issuer,
  options: { env?: NodeJS.ProcessEnv; root?: string; release?: boolean } = {},
): Promise<Running> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    // Production's behaviour without its refusals (its identity provider is this local one, over
    // http): no developer tools, no API reference page, no demo seed.
    NODE_ENV: 'development',
    DEV_TOOLS: 'false',
    API_DOCS: 'off',
    DEMO_SEED: 'off',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    AUTH0_DOMAIN: new URL(BENCH_ISSUER).host,
    AUTH0_ISSUER: BENCH_ISSUER,
    AUTH0_CLIENT_ID: CLIENT_ID,
    AUTH0_AUDIENCE: AUDIENCE,
    AUTH0_JWKS_URI: issuer.jwksUri,
    // The benchmark sends thousands of requests per minute per user on purpose.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
    ...options.env,
  };
  // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the API.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = options.release ? 'apps/api/dist/server.js' : 'apps/api/src/server.ts';
  if (!existsSync(path.join(options.root ?? benchRoot, entry)))
    throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  return startChild(entry, env, '/healthz', { nodeArgs, root: options.root });
}
