import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIdpEnvironment } from './config.ts';

const main = path.join(import.meta.dirname, 'main.ts');

function runMain(
  env: Record<string, string>,
  until?: RegExp,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('dev identity provider command', () => {
  it('reads ports and app origins from the environment, with defaults', () => {
    expect(readIdpEnvironment({})).toMatchObject({
      hostedPort: 3001,
      directoryPort: 3002,
      appOrigins: ['http://localhost:3000'],
    });
    expect(
      readIdpEnvironment({
        IDP_HOSTED_PORT: '4001',
        IDP_DIRECTORY_PORT: '4002',
        IDP_APP_ORIGINS: 'http://localhost:4000, http://127.0.0.1:4173',
      }),
    ).toMatchObject({
      hostedPort: 4001,
      directoryPort: 4002,
      appOrigins: ['http://localhost:4000', 'http://127.0.0.1:4173'],
    });
    expect(() => readIdpEnvironment({ IDP_HOSTED_PORT: 'http' })).toThrow(/IDP_HOSTED_PORT must be a port number/);
    expect(() => readIdpEnvironment({ IDP_APP_ORIGINS: 'localhost:3000/app' })).toThrow(/IDP_APP_ORIGINS/);
  });

  it('exits with a clear sentence when NODE_ENV is production', async () => {
    const { code, stderr } = await runMain({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'The development identity provider refuses to start because NODE_ENV is production: it signs anyone in ' +
        'without a password. Production uses the real Azure AD and Auth0 tenants.',
    );
  });

  it('starts, prints what the apps need, and stops on SIGTERM', async () => {
    const stateDir = await mkdtemp(path.join(tmpdir(), 'idp-main-'));
    try {
      const { code, stdout, stderr } = await runMain(
        { NODE_ENV: 'development', IDP_HOSTED_PORT: '0', IDP_DIRECTORY_PORT: '0', IDP_STATE_DIR: stateDir },
        /State \(keys, certificate\)/,
      );
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/authority\s+https:\/\/localhost:\d+\/organizations/);
      expect(stdout).toContain('habitrack-web');
      expect(stdout).toContain(`NODE_EXTRA_CA_CERTS=${path.join(stateDir, 'cert.pem')}`);
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});
