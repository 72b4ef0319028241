import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

type LockPackage = { version?: string; engines?: { node?: string } | string[]; optional?: boolean };

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(resolve(root, path), 'utf8')) as T;
}

// `npm ci` warns EBADENGINE for every installed package whose `engines.node` the running Node does
// not satisfy. The project promises to run on the oldest Node its own `engines` allows, so every
// package in the lockfile must accept that version.
describe('the Node version package.json promises', () => {
  const project = readJson<{ engines: { node: string } }>('package.json');
  const lock = readJson<{ packages: Record<string, LockPackage> }>('package-lock.json');
  const oldest = semver.minVersion(project.engines.node);

  it('is a range with a lowest version', () => {
    expect(oldest?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('satisfies every installed package', () => {
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !wanted || !oldest) continue;
      if (!semver.satisfies(oldest, wanted, { includePrerelease: true })) {
        refusing.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted}`);
      }
    }
    expect(refusing, `packages that refuse Node ${oldest?.version}`).toEqual([]);
  });
});
