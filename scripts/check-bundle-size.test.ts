import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script without type declarations.
import { budgetFailures, measureBundle } from './check-bundle-size.mjs';

// A manifest shaped like Vite's: an entry with a shared static chunk, two lazy routes sharing a
// component chunk, an SDK, and a chunk loaded lazily from a lazy route.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/routes/a.tsx', 'src/routes/b.tsx', 'node_modules/sdk/index.js'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_util.js'] },
  '_util.js': { file: 'assets/util.js' },
  'src/routes/a.tsx': { file: 'assets/a.js', isDynamicEntry: true, imports: ['_vendor.js', '_shared.js'] },
  'src/routes/b.tsx': {
    file: 'assets/b.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_util.js'],
    dynamicImports: ['src/dialog.tsx'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'src/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true, imports: ['_shared.js'] },
  'node_modules/sdk/index.js': { file: 'assets/sdk.js', isDynamicEntry: true },
};

const sizes: Record<string, number> = {
  'assets/index.js': 100_000,
  'assets/vendor.js': 50_000,
  'assets/util.js': 7_000,
  'assets/index.css': 12_000,
  'assets/a.js': 3_000,
  'assets/b.js': 4_000,
  'assets/shared.js': 20_000,
  'assets/dialog.js': 1_000,
  'assets/sdk.js': 60_000,
};
const sizeOf = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`unexpected file ${file}`);
  return size;
};

type Measurement = {
  initial: { files: string[]; bytes: number };
  initialCss: { files: string[]; bytes: number };
  lazy: { source: string; bytes: number }[];
};

describe('measureBundle', () => {
  const measurement = measureBundle(manifest, sizeOf) as Measurement;

  it('counts the entry and its static imports, transitively, as the initial JS', () => {
    expect(measurement.initial.files.sort()).toEqual(['assets/index.js', 'assets/util.js', 'assets/vendor.js']);
    expect(measurement.initial.bytes).toBe(157_000);
    expect(measurement.initialCss).toEqual({ files: ['assets/index.css'], bytes: 12_000 });
  });

  it('charges each lazy chunk with what it loads beyond the initial JS, including nested lazy chunks', () => {
    const added = Object.fromEntries(measurement.lazy.map((chunk) => [chunk.source, chunk.bytes]));
    expect(added).toEqual({
      'src/routes/a.tsx': 23_000, // a + shared; vendor is already loaded
      'src/routes/b.tsx': 24_000, // b + shared; util is already loaded
      'src/dialog.tsx': 21_000, // found through b's dynamic import
      'node_modules/sdk/index.js': 60_000,
    });
    expect(measurement.lazy[0]!.source).toBe('node_modules/sdk/index.js');
  });

  it('needs exactly one entry', () => {
    expect(() => measureBundle({ 'a.js': { file: 'a.js' } }, sizeOf)).toThrow(/one entry/);
  });
});

describe('budgetFailures', () => {
  const measurement = measureBundle(manifest, sizeOf) as Measurement;

  it('passes within the budgets and names every chunk over them', () => {
    expect(budgetFailures(measurement, { initialJsKb: 157, lazyChunkKb: 60 })).toEqual([]);
    expect(budgetFailures(measurement, { initialJsKb: 156.9, lazyChunkKb: 22 })).toEqual([
      'initial JS is 157.0 kB gzip, over the 156.9 kB budget',
      'lazy chunk node_modules/sdk/index.js adds 60.0 kB gzip, over the 22 kB budget',
      'lazy chunk src/routes/b.tsx adds 24.0 kB gzip, over the 22 kB budget',
      'lazy chunk src/routes/a.tsx adds 23.0 kB gzip, over the 22 kB budget',
    ]);
  });

  it('holds a chunk with a budget of its own to that budget instead of the common one', () => {
    const budgets = { initialJsKb: 157, lazyChunkKb: 22, namedLazyChunksKb: { 'node_modules/sdk/index.js': 66 } };
    expect(budgetFailures(measurement, budgets)).toEqual([
      'lazy chunk src/routes/b.tsx adds 24.0 kB gzip, over the 22 kB budget',
      'lazy chunk src/routes/a.tsx adds 23.0 kB gzip, over the 22 kB budget',
    ]);
    expect(
      budgetFailures(measurement, {
        ...budgets,
        lazyChunkKb: 30,
        namedLazyChunksKb: { 'node_modules/sdk/index.js': 59 },
      }),
    ).toEqual(['lazy chunk node_modules/sdk/index.js adds 60.0 kB gzip, over the 59 kB budget']);
  });
});
