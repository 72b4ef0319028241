// `--compare=a,b+c,same,/path`: besides the API as configured, one more API process per entry with
// the named speed mechanisms switched off (SPEED_OFF, apps/api/src/config.ts); `same` is a second
// identical process, whose difference from the first is the run's noise; `release` is the release
// build (apps/api/dist/server.js, `npm run build`) under plain node; a path is another
// checkout of the project (e.g. an earlier commit), whose API is measured as it is. Every process is
// measured in the same rounds, one after the other for each target (which one goes first turns
// with each round), so their ratios compare within one run (docs/benchmarks.md, "What each
// mechanism buys").
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Target } from './data.ts';
import { startApi, type Issuer, type Running } from './servers.ts';

export type Variant = { label: string; speedOff: string[]; root?: string; release?: boolean };

export function parseVariants(arg: string | undefined): Variant[] {
  const main: Variant = { label: 'as configured', speedOff: [] };
  if (!arg) return [main];
  const extra = arg
    .split(',')
    .filter(Boolean)
    .map((entry): Variant => {
      if (entry === 'same') return { label: 'same again', speedOff: [] };
      if (entry === 'release') return { label: 'release build', speedOff: [], release: true };
      if (entry.startsWith('/')) return { label: `checkout ${path.basename(entry)}`, speedOff: [], root: entry };
      return { label: `without ${entry.split('+').join(' + ')}`, speedOff: entry.split('+') };
    });
  return [main, ...extra];
}

export type RunningVariant = Variant & { api: Running };

// PGlite's folder is opened by one process only: each further process gets a copy of it.
export async function startVariants(
  variants: Variant[],
  target: Target,
  issuer: Issuer,
): Promise<{ running: RunningVariant[]; stop: () => Promise<void> }> {
  const running: RunningVariant[] = [];
  const copies: string[] = [];
  const stop = async () => {
    for (const variant of running) await variant.api.stop();
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  };
  try {
    for (const [i, variant] of variants.entries()) {
      let own = target;
      if (i > 0 && target.kind === 'pglite') {
        const copy = `${target.dataDir!}-variant-${i}`;
        rmSync(copy, { recursive: true, force: true });
        cpSync(target.dataDir!, copy, { recursive: true, filter: (file) => path.basename(file) !== 'habitrack.lock' });
        copies.push(copy);
        own = { ...target, dataDir: copy };
      }
      const env = variant.speedOff.length ? { SPEED_OFF: variant.speedOff.join(',') } : {};
      const options = { env, root: variant.root, release: variant.release };
      running.push({ ...variant, api: await startApi(own, issuer, options) });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { running, stop };
}
