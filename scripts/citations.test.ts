import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The rules the code and the docs cite live in this repository (docs/domain/, docs/conventions.md,
// docs/ARCHITECTURE.md, docs/decisions/, docs/operations/). This fails when a tracked file cites a
// document from outside it again, or cites a docs/ Markdown file, or a section of one, that does
// not exist.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = path.relative(root, fileURLToPath(import.meta.url));
const TEXT = /\.(?:ts|tsx|js|mjs|cjs|md|sql|json|ya?ml|css|html|sh)$/;

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => TEXT.test(file) && file !== self && !file.endsWith('package-lock.json'))
  .filter((file) => existsSync(path.join(root, file)));
const texts = new Map(tracked.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));

// The forms the outside documents were cited by: DOMAIN with a quoted section, ".md" or "states";
// SPEC in capitals, with a section sign or alone; the conventions' name in capitals and a number;
// ARCHITECTURE with a quoted section; the folders spec and design under shared/. A constant named
// DOMAIN is not one.
const OUTSIDE = [
  /(?<![\w$])DOMAIN(?= ["“]| states\b|\.md\b|'s\b)/,
  /(?<![\w$])SPEC(?![\w$])/,
  /(?<![\w$])CONVENTION[S] (?:habit )?\d/,
  /(?<![\w$./])ARCHITECTURE(?= ["“]|'s\b|:)/,
  /shared\/(?:spec|design)\b/,
];

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

// GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, -1, -2… on repeats.
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function problemWith(target: string): string | null {
  const [file, anchor] = target.split('#');
  if (!existsSync(path.join(root, file))) return `${file} does not exist`;
  if (!anchor) return null;
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(path.join(root, file), 'utf8'));
    anchorCache.set(file, anchors);
  }
  return anchors.has(anchor) ? null : `${file} has no section #${anchor}`;
}

// A docs/ Markdown file named from the repository's root (in comments, strings and prose), or
// linked relatively from a Markdown file.
function docsCitations(file: string, text: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  for (const match of text.matchAll(/(?<![\w./-])docs\/[\w./-]*?\.md(?:#[\w-]+)?/g)) {
    if (/\bNNN\b/.test(match[0])) continue; // a pattern for new files, such as docs/decisions/NNN-title.md
    found.push({ target: match[0], line: lineOf(text, match.index) });
  }
  if (file.endsWith('.md')) {
    for (const match of text.matchAll(/\]\(([^)\s#]+\.md)(#[\w-]+)?\)/g)) {
      if (/^[a-z]+:/i.test(match[1])) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]));
      if (target.startsWith('docs/'))
        found.push({ target: target + (match[2] ?? ''), line: lineOf(text, match.index) });
    }
  }
  return found;
}

describe('citations', () => {
  it('finds the tracked files', () => {
    expect(texts.size).toBeGreaterThan(100);
  });

  it('never cite a document from outside the repository', () => {
    const outside: string[] = [];
    for (const [file, text] of texts) {
      for (const pattern of OUTSIDE) {
        for (const match of text.matchAll(new RegExp(pattern.source, 'g'))) {
          outside.push(`${file}:${lineOf(text, match.index)}: ${text.slice(match.index, match.index + 40)}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });

  it('name docs/ files and sections that exist', () => {
    const broken: string[] = [];
    for (const [file, text] of texts) {
      for (const { target, line } of docsCitations(file, text)) {
        const problem = problemWith(target);
        if (problem) broken.push(`${file}:${line}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
