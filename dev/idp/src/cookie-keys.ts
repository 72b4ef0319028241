import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createFileOnce, readJsonFile } from './state-files.ts';

/** Keys that sign the providers' cookies; kept so a restart does not end everyone's session cookie. */
export async function loadCookieKeys(stateDir: string): Promise<string[]> {
  const file = path.join(stateDir, 'cookie-keys.json');
  const existing = await readJsonFile<{ keys: string[] }>(file);
  if (existing?.keys.length) return existing.keys;
  const created = await createFileOnce(file, `${JSON.stringify({ keys: [randomBytes(32).toString('base64url')] })}\n`);
  return (JSON.parse(created) as { keys: string[] }).keys;
}
