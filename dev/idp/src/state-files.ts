import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** `<repo root>/.certs/idp`: git-ignored, shared by every start on this machine. */
export const defaultStateDir = path.resolve(import.meta.dirname, '../../../.certs/idp');

export async function readJsonFile<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function tempName(file: string): string {
  return `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}

/**
 * Writes `file` only if it does not exist yet and returns what is on disk afterwards, so two
 * processes starting at once agree on one value (the loser reads the winner's file).
 */
export async function createFileOnce(file: string, contents: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = tempName(file);
  await writeFile(temp, contents, { mode: 0o600 });
  try {
    await link(temp, file);
    return contents;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(file, 'utf8');
  } finally {
    await rm(temp, { force: true });
  }
}

/** Replaces `file` atomically: readers see the old or the new contents, never half of one. */
export async function replaceFile(file: string, contents: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = tempName(file);
  await writeFile(temp, contents, { mode: 0o600 });
  await rename(temp, file);
}
