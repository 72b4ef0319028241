import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The app loads Mantine's sheets one component at a time (src/app/styles.ts for every screen, a
// feature's own for what only it uses). A component whose sheet nobody loads renders unstyled and
// no other test notices, so: every Mantine component the app renders that has a sheet of its own
// has that sheet imported somewhere in the app.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sheets = path.resolve(src, '../../../node_modules/@mantine/core/styles');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes('/testing/') ? [full] : [];
  });
}

it('loads the sheet of every Mantine component the app renders', () => {
  const files = sources(src).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  const loaded = new Set(
    files.flatMap(({ text }) => [...text.matchAll(/'@mantine\/core\/styles\/(\w+)\.css'/g)].map((m) => m[1]!)),
  );
  const used = new Map<string, string>();
  for (const { file, text } of files) {
    for (const match of text.matchAll(/import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g)) {
      for (const name of match[1]!.split(',').map((n) => n.trim())) {
        if (/^[A-Z]\w*$/.test(name) && !used.has(name)) used.set(name, path.relative(src, file));
      }
    }
  }
  expect(used.size).toBeGreaterThan(10);
  const missing = [...used]
    .filter(([name]) => existsSync(path.join(sheets, `${name}.css`)) && !loaded.has(name))
    .map(([name, file]) => `${name} (${file})`);
  expect(missing).toEqual([]);
});
