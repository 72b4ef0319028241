// The running system under test: a JWKS endpoint standing in for the hosted sign-in provider,
// API server processes, and nginx in front of them.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// RS256 keys and a JWKS over local HTTP, as the API fetches it from Auth0 in production.
export async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'soak-key-1';
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const server = createServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}/`;
  const audience = 'https://api.soak.test';
  return {
    env: {
      AUTH0_DOMAIN: base,
      AUTH0_ISSUER: base,
      AUTH0_JWKS_URI: `${base}.well-known/jwks.json`,
      AUTH0_CLIENT_ID: 'soak-web-client',
      AUTH0_AUDIENCE: audience,
    },
    // The subject is fixed per member, so both runs create the same identities.
    token: (email, subject) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email, email_verified: true, scope: 'openid profile email', azp: 'soak-web-client' })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
        .setIssuer(base)
        .setAudience([audience, `${base}userinfo`])
        .setSubject(subject)
        .setIssuedAt(now)
        .setExpirationTime(now + 4 * 3600)
        .sign(privateKey);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function rssKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}: not healthy within ${timeoutMs / 1000} s`);
}

// One API server process (the same entry as production: apps/api/src/server.ts via tsx).
export async function startApi({ root, name, env, logDir }) {
  const port = await freePort();
  const logFile = path.join(logDir, `${name}.log`);
  const out = [];
  const memoryFile = path.join(logDir, `${name}.memory.json`);
  const preload = new URL('./gc-on-signal.mjs', import.meta.url).href;
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', preload, '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // Production's behaviour without its refusals (a local identity provider over http): no
        // developer tools, no API reference page, no demo seed.
        NODE_ENV: 'development',
        DEV_TOOLS: 'false',
        API_DOCS: 'off',
        DEMO_SEED: 'off',
        // nginx on this machine reports the client's address (docs/operations/configuration.md).
        TRUST_PROXY: 'loopback',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SOAK_MEMORY_FILE: memoryFile,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk) => out.push(chunk));
  child.stderr.on('data', (chunk) => out.push(chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, 60_000);
  return {
    name,
    url,
    port,
    pid: child.pid,
    // Warnings and errors the server logged (LOG_LEVEL=warn), one JSON object per line.
    logLines: () =>
      Buffer.concat(out)
        .toString('utf8')
        .split('\n')
        .filter((line) => line.startsWith('{')),
    // RSS (from /proc) and V8 heap in use, both right after a full garbage collection.
    memoryAfterGc: async () => {
      rmSync(memoryFile, { force: true });
      process.kill(child.pid, 'SIGUSR2');
      const deadline = Date.now() + 10_000;
      while (!existsSync(memoryFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 500));
      const usage = JSON.parse(readFileSync(memoryFile, 'utf8'));
      return { rssKiB: rssKiB(child.pid), heapUsedKiB: Math.round(usage.heapUsed / 1024) };
    },
    stop: async () => {
      writeFileSync(logFile, Buffer.concat(out));
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

// nginx from Debian as the load balancer: round robin over the instances, keep-alive upstreams.
export async function startNginx({ scratch, upstreams }) {
  const dir = path.join(scratch, 'nginx');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const config = `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api {
${upstreams.map((u) => `    server 127.0.0.1:${u.port} max_fails=0;`).join('\n')}
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream off;
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const binary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(binary, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, 15_000);
  return {
    url,
    errorLog: () => readFileSync(path.join(dir, 'error.log'), 'utf8'),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
