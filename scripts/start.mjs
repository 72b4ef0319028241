#!/usr/bin/env node
// `npm start`: the local demo on one machine. Builds the web app when its sources are newer than
// the build, starts the development identity provider (not in production), then boots the API
// (which migrates, seeds on first run, and serves the SPA).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');
const port = Number(process.env.PORT || 3000);
// The API validates every setting; PORT is checked here too because the provider's ports follow it.
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(
    `HabiTrack cannot start. Environment variable PORT is invalid: expected a port number, got "${process.env.PORT}".`,
  );
  process.exit(1);
}
const production = process.env.NODE_ENV === 'production';
const children = new Set();

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), 0);
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'prerender-login.mjs', 'package.json'].map((p) =>
    path.join(web, p),
  );
  const packages = path.join(root, 'packages/contracts/src');
  return Math.max(...sources.map(newestMtime), newestMtime(packages)) > statSync(builtIndex).mtimeMs;
}

function stopAll(signal = 'SIGTERM') {
  for (const child of children) child.kill(signal);
}

function startChild(name, script, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    // One part stopping stops the demo: a half-running demo only confuses.
    if (children.size > 0) stopAll();
    if (children.size === 0) process.exit(code ?? (signal ? 1 : 0));
    else if (code) console.error(`${name} stopped (exit code ${code}).`);
  });
  return child;
}

async function waitForFile(file, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    if (child.exitCode !== null) throw new Error('the development identity provider did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the development identity provider did not start within 60 seconds');
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));

if (webBuildIsStale()) {
  console.log('Building the web app...');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(built.status ?? 1);
  }
}

let signInEnv = {};
if (!production && process.env.DEV_IDP !== 'off') {
  const scratch = mkdtempSync(path.join(tmpdir(), 'habitrack-idp-'));
  const envFile = path.join(scratch, 'api-env.json');
  const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const idp = startChild('The development identity provider', 'dev/idp/src/main.ts', {
    ...process.env,
    IDP_HOSTED_PORT: process.env.IDP_HOSTED_PORT || String(port + 1),
    IDP_DIRECTORY_PORT: process.env.IDP_DIRECTORY_PORT || String(port + 2),
    IDP_APP_ORIGINS: process.env.IDP_APP_ORIGINS || origins.join(','),
    IDP_ENV_FILE: envFile,
  });
  try {
    signInEnv = await waitForFile(envFile, idp, 60_000);
  } catch (error) {
    console.error(`HabiTrack cannot start: ${error.message}.`);
    stopAll();
    process.exit(1);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Node reads one extra CA file: when the machine already names one, the API gets a bundle of
// both, so it trusts the development provider's certificate and everything it trusted before.
function trustedCertificates(devCert) {
  const existing = process.env.NODE_EXTRA_CA_CERTS;
  if (!devCert) return existing;
  if (!existing || !existsSync(existing) || existing === devCert) return devCert;
  const bundle = path.join(path.dirname(devCert), 'ca-bundle.pem');
  writeFileSync(bundle, `${readFileSync(existing, 'utf8')}\n${readFileSync(devCert, 'utf8')}`);
  return bundle;
}

// Settings given explicitly win over the development provider's.
const extraCertificates = trustedCertificates(signInEnv.NODE_EXTRA_CA_CERTS);
startChild('The API', 'apps/api/src/server.ts', {
  WEB_DIST: path.join(web, 'dist'),
  ...signInEnv,
  ...process.env,
  ...(extraCertificates ? { NODE_EXTRA_CA_CERTS: extraCertificates } : {}),
});
