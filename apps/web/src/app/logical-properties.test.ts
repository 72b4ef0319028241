import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layout mirrors in a right-to-left locale (Arabic) because the app's own styles say "start"
// and "end", never "left" and "right" (docs/decisions/021-internationalisation-with-lingui.md):
// margin-inline-start, padding-inline-end, inset-inline-start, text-align: start, border-inline-*.
// A physical direction in a stylesheet, an inline style object or a Mantine style prop stays put
// when the page turns around, so each one found fails here, unless the allow-list below names it.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Deliberate physical directions: `file` (relative to src) and the exact text found, with why.
// An entry needs a reason a reviewer can check.
const CHART = 'features/insights/components/drawn-chart.tsx';
const ALLOWED: { file: string; found: string; why: string }[] = [
  { file: CHART, found: 'left:', why: "recharts' label positions, swapped side for side when the chart mirrors" },
  { file: CHART, found: 'right:', why: "recharts' label positions, swapped side for side when the chart mirrors" },
];

const SIDE = '(?:left|right)';
// In CSS: margin-left, padding-right, border-left(-width…), border-top-left-radius, scroll-margin-right,
// left: / right:, text-align / float / clear to a side.
const CSS_PATTERNS = [
  new RegExp(`(?:margin|padding|border|scroll-margin|scroll-padding)-${SIDE}\\b`, 'g'),
  new RegExp(`border-(?:top|bottom)-${SIDE}-radius`, 'g'),
  new RegExp(`(?<![\\w-])${SIDE}\\s*:`, 'g'),
  new RegExp(`(?:text-align|float|clear)\\s*:\\s*${SIDE}\\b`, 'g'),
];
// In TypeScript: style objects (marginLeft:, right:, textAlign: 'left', borderTopLeftRadius…) and
// Mantine's style props (ml=, pr=, left=, ta="right"; ms/me/ps/pe are the logical ones).
const TS_PATTERNS = [
  /\b(?:margin|padding|border|scrollMargin|scrollPadding)(?:Left|Right)\w*\s*:/g,
  /\bborder(?:Top|Bottom)(?:Left|Right)Radius\b/g,
  /(?<=(?:^|[{,])\s*)(?:left|right)\s*:/gm,
  /\b(?:textAlign|float|clear)\s*:\s*['"](?:left|right)['"]/g,
  /\s(?:ml|mr|pl|pr|left|right)=[{"']/g,
  /\sta=["'{]\s*['"]?(?:left|right)\b/g,
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : files(full);
    return /\.(css|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Comments say where things sit in words ("brand on the left"); only code counts.
function withoutComments(text: string, css: boolean): string {
  const blocks = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return css ? blocks : blocks.replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
}

export function physicalDirections(file: string, text: string): string[] {
  const css = file.endsWith('.css');
  const code = withoutComments(text, css);
  const found: string[] = [];
  for (const pattern of css ? CSS_PATTERNS : TS_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line}: ${match[0].trim()}`);
    }
  }
  return found;
}

describe('the web app styles with logical properties', () => {
  it('finds no physical direction outside the allow-list', () => {
    const all = files(src);
    expect(all.filter((file) => file.endsWith('.css')).length).toBeGreaterThan(2);
    const found = all
      .flatMap((file) => physicalDirections(path.relative(src, file), readFileSync(file, 'utf8')))
      .filter((hit) => !ALLOWED.some(({ file, found }) => hit.startsWith(`${file}:`) && hit.endsWith(`: ${found}`)));
    expect(found).toEqual([]);
  });

  it('catches each kind of physical direction, and lets the logical ones and comments pass', () => {
    const css = [
      '.a { margin-left: auto; }',
      '.b { padding-right: 4px; }',
      '.c { border-left: 1px solid; }',
      '.d { left: 0; }',
      '.e { text-align: right; }',
      '.f { border-top-left-radius: 2px; }',
      '.g { float: left; }',
    ];
    for (const rule of css) expect(physicalDirections('x.module.css', rule), rule).toHaveLength(1);
    expect(
      physicalDirections(
        'x.module.css',
        '/* brand on the left */ .a { margin-inline-start: auto; inset-inline: 0; text-align: start; border-inline-end: 1px solid; }',
      ),
    ).toEqual([]);

    const tsx = [
      '<Box style={{ marginLeft: 4 }} />',
      '<Box style={{ paddingRight: 4 }} />',
      '<Box style={{ left: 0 }} />',
      "<Box style={{ textAlign: 'right' }} />",
      '<Badge ml="xs" />',
      '<Text pr="md" />',
      '<Text left={0} />',
      '<Text ta="left" />',
      '<Box style={{ borderLeftWidth: 2 }} />',
    ];
    for (const code of tsx) expect(physicalDirections('x.tsx', code), code).toHaveLength(1);
    expect(
      physicalDirections(
        'x.tsx',
        [
          '// the arrow keys: left goes back',
          '<Badge ms="xs" pe="md" ta="center" style={{ insetInline: 0, paddingInlineStart: 4 }} />',
          'const moves = { ArrowLeft: -1, ArrowRight: 1 };',
          't`Swipe right: next`',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
