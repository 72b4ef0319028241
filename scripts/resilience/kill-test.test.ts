import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The short run of the kill -9 test (kill-test.ts) inside `npm test`, so that it cannot rot: one kill
// on PGlite and, when DATABASE_URL is set (CI), one on PostgreSQL, side by side. The full run (ten
// kills each) is `npm run test:resilience` (docs/operations/resilience.md).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function killTest(db: 'pglite' | 'postgres') {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/resilience/kill-test.ts',
        '--db',
        db,
        '--kills',
        '1',
        '--min-ms',
        '1000',
        '--max-ms',
        '1500',
      ],
      { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const databases: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.concurrent('kill -9 mid-write, short run', () => {
  for (const db of databases) {
    it(`${db}: every acknowledged write is there after one kill, and the API starts again`, async () => {
      const { code, output } = await killTest(db);
      expect(output, output).toMatch(new RegExp(`PASSED: no acknowledged write was lost on ${db}`));
      expect(output).toMatch(/acknowledged writes: [1-9]\d*/);
      expect(output).toMatch(/lost: 0 \(most in one check\)/);
      expect(code).toBe(0);
    }, 300_000);
  }
});
