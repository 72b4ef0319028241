import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnApi } from '../test/api-process.ts';
import { DatabaseLockedError, openDatabase, type Database } from './client.ts';

// A pid no process has: spawn one that exits at once, and reuse its pid once it is gone.
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  const pid = child.pid!;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

describe('PGlite data folder lock', () => {
  let scratch: string;
  let dataDir: string;
  let first: Database | null = null;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'habitrack-lock-'));
    dataDir = path.join(scratch, 'data');
    first = await openDatabase({ kind: 'pglite', dataDir });
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('the open folder holds a lock naming this process', () => {
    expect(readFileSync(path.join(dataDir, 'habitrack.lock'), 'utf8').trim()).toBe(String(process.pid));
  });

  it('refuses a second open in the same process, naming the folder and what to do', async () => {
    const second = openDatabase({ kind: 'pglite', dataDir });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(
      `The data folder ${dataDir} is already in use by another HabiTrack process. ` +
        'Stop the other HabiTrack process, or set DATA_DIR to another folder.',
    );
    // The refused open must not have touched the holder's lock.
    expect(readFileSync(path.join(dataDir, 'habitrack.lock'), 'utf8').trim()).toBe(String(process.pid));
    const result = await first!.db.execute('select 1 as one');
    expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('a second API process on the same folder stops at once with a one-line message', async () => {
    const startedAt = Date.now();
    const api = await spawnApi({ database: { dataDir } });
    const { code } = await api.exited;
    const output = api.output().trim();
    expect(code).toBe(1);
    expect(output).toBe(
      `HabiTrack cannot start. The data folder ${dataDir} is already in use by another HabiTrack process ` +
        `(pid ${process.pid}). Stop the other HabiTrack process, or set DATA_DIR to another folder. ` +
        `If no other HabiTrack process is running, delete ${path.join(dataDir, 'habitrack.lock')}.`,
    );
    expect(output).not.toMatch(/\n\s+at /);
    // Fails fast: it does not wait for the database (node + tsx start-up only).
    expect(Date.now() - startedAt).toBeLessThan(25_000);
  }, 40_000);

  it('closing releases the lock, and the folder reopens', async () => {
    await first!.close();
    first = null;
    expect(existsSync(path.join(dataDir, 'habitrack.lock'))).toBe(false);
    first = await openDatabase({ kind: 'pglite', dataDir });
    expect(readFileSync(path.join(dataDir, 'habitrack.lock'), 'utf8').trim()).toBe(String(process.pid));
  }, 60_000);

  it('takes over the lock of a process that died without releasing it (kill -9)', async () => {
    await first!.close();
    first = null;
    const lockPath = path.join(dataDir, 'habitrack.lock');
    writeFileSync(lockPath, `${await deadPid()}\n`);
    first = await openDatabase({ kind: 'pglite', dataDir });
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
  }, 60_000);

  it('does not take over the lock of a live process', async () => {
    const other = path.join(scratch, 'other');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      mkdirSync(other, { recursive: true });
      writeFileSync(path.join(other, 'habitrack.lock'), `${holder.pid}\n`);
      await expect(openDatabase({ kind: 'pglite', dataDir: other })).rejects.toThrow(
        `already in use by another HabiTrack process (pid ${holder.pid})`,
      );
      expect(readFileSync(path.join(other, 'habitrack.lock'), 'utf8').trim()).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
