import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { ImportError, type ImportProblem } from './import-error.ts';

export type PathSegment = string | number;
export type FieldPath = readonly PathSegment[];

export type YamlFile<T> = {
  data: T;
  // Builds a problem pointing at the line of `path` (or its nearest existing ancestor).
  problemAt: (path: FieldPath, message: string) => ImportProblem;
};

// `behaviours[0].habits[2].difficulty`: the same spelling people use when they talk about YAML.
export function formatPath(path: FieldPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${segment}` : segment;
  }
  return out;
}

// The yaml library appends "at line N, column M:" and a code excerpt; the line is reported on its
// own, so only the first sentence is kept.
function yamlMessage(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/\s*at line \d+, column \d+:?\s*$/, '');
}

function lineLocator(doc: Document, lineCounter: LineCounter) {
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  return (path: FieldPath): number => {
    let node: unknown = doc.contents;
    let line = lineAt(isScalar(node) || isMap(node) || isSeq(node) ? node.range?.[0] : undefined);
    for (const segment of path) {
      if (isAlias(node)) node = node.resolve(doc);
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
        if (!pair) break;
        // The key's line, not the value's: a block value starts on the line after its key.
        line = lineAt(isScalar(pair.key) ? pair.key.range?.[0] : undefined);
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment];
        if (!item) break;
        line = lineAt(isScalar(item) || isMap(item) || isSeq(item) ? item.range?.[0] : undefined);
        node = item;
      } else {
        break;
      }
    }
    return line;
  };
}

function valueAt(data: unknown, path: FieldPath): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value;
}

function zodProblems(issues: readonly z.core.$ZodIssue[], raw: unknown, lineOf: (p: FieldPath) => number) {
  const problems: ImportProblem[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      // One problem per key, located at the key itself, so a typo is found at once.
      for (const key of issue.keys) {
        const keyPath = [...path, key];
        problems.push({ line: lineOf(keyPath), path: formatPath(keyPath), message: 'is not a known field' });
      }
      continue;
    }
    const missing = issue.code === 'invalid_type' && valueAt(raw, path) === undefined;
    problems.push({ line: lineOf(path), path: formatPath(path), message: missing ? 'is required' : issue.message });
  }
  return problems;
}

// Parses YAML and validates it against `schema`; every problem names a line and a field path.
// Throws ImportError when the file is not valid YAML or does not match the schema.
export function parseYamlFile<T>(options: { source: string; fileName: string; schema: z.ZodType<T> }): YamlFile<T> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(options.source, { lineCounter, prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new ImportError(
      options.fileName,
      doc.errors.map((e) => ({ line: e.linePos?.[0].line ?? 1, path: '', message: yamlMessage(e.message) })),
    );
  }
  const lineOf = lineLocator(doc, lineCounter);
  if (doc.contents === null) {
    throw new ImportError(options.fileName, [{ line: 1, path: '', message: 'the file is empty' }]);
  }
  let raw: unknown;
  try {
    // An alias without its anchor, or aliases multiplying past the library's limit (a "billion
    // laughs" file), only show when the document is turned into values.
    raw = doc.toJS();
  } catch (error) {
    const message = error instanceof Error ? yamlMessage(error.message) : 'the file cannot be read';
    throw new ImportError(options.fileName, [{ line: 1, path: '', message }]);
  }
  const parsed = options.schema.safeParse(raw);
  if (!parsed.success) {
    throw new ImportError(options.fileName, zodProblems(parsed.error.issues, raw, lineOf));
  }
  return {
    data: parsed.data,
    problemAt: (path, message) => ({ line: lineOf(path), path: formatPath(path), message }),
  };
}
