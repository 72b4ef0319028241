import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ImportError, type ImportProblem } from './import-error.ts';
import { formatPath, parseYamlFile } from './yaml-file.ts';

const schema = z.strictObject({
  title: z.string(),
  items: z.array(z.strictObject({ name: z.string(), size: z.number().int() })),
});

function problemsOf(source: string): readonly ImportProblem[] {
  try {
    parseYamlFile({ source, fileName: 'f.yaml', schema });
  } catch (error) {
    if (error instanceof ImportError) return error.problems;
    throw error;
  }
  throw new Error('expected the file to be rejected');
}

describe('parseYamlFile', () => {
  it('returns the validated data for a good file', () => {
    const file = parseYamlFile({ source: 'title: t\nitems:\n  - name: a\n    size: 2\n', fileName: 'f.yaml', schema });
    expect(file.data).toEqual({ title: 't', items: [{ name: 'a', size: 2 }] });
    expect(file.problemAt(['items', 0, 'size'], 'too big')).toEqual({
      line: 4,
      path: 'items[0].size',
      message: 'too big',
    });
  });

  it('points a wrong value at the line of its key', () => {
    const source = ['title: t', 'items:', '  - name: a', '    size: 2', '  - name: b', '    size: large', ''].join(
      '\n',
    );
    expect(problemsOf(source)).toEqual([
      { line: 6, path: 'items[1].size', message: expect.stringContaining('number') },
    ]);
  });

  it('reports a missing field as required, at the line of the object that lacks it', () => {
    const source = ['title: t', 'items:', '  - name: a', '    size: 2', '  - name: b', ''].join('\n');
    expect(problemsOf(source)).toEqual([{ line: 5, path: 'items[1].size', message: 'is required' }]);
  });

  it('reports each unknown key at its own line', () => {
    const source = ['title: t', 'colour: red', 'items:', '  - name: a', '    size: 2', '    sise: 3', ''].join('\n');
    expect(problemsOf(source)).toEqual([
      { line: 2, path: 'colour', message: 'is not a known field' },
      { line: 6, path: 'items[0].sise', message: 'is not a known field' },
    ]);
  });

  it('reports YAML syntax errors with their line and no field path', () => {
    const problems = problemsOf(['title: t', 'items:', '  - name: "a', '    size: 2', ''].join('\n'));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ path: '', message: expect.stringMatching(/quote/i) });
    expect(problems[0]!.line).toBeGreaterThanOrEqual(3);
    expect(problems[0]!.message).not.toMatch(/at line/);
  });

  it('rejects duplicate keys, which YAML would otherwise resolve silently', () => {
    expect(problemsOf('title: a\ntitle: b\nitems: []\n')).toEqual([
      { line: 2, path: '', message: 'Map keys must be unique' },
    ]);
  });

  it('rejects an alias without its anchor, and aliases multiplying past the limit, as problems', () => {
    expect(problemsOf('title: *nowhere\nitems: []\n')).toEqual([
      { line: 1, path: '', message: expect.stringMatching(/alias/i) },
    ]);
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i += 1)
      laughs.push(
        `${'abcdefgh'[i]}: &${'abcdefgh'[i]} [${Array(10)
          .fill(`*${'abcdefgh'[i - 1]}`)
          .join(', ')}]`,
      );
    expect(problemsOf(laughs.join('\n'))).toEqual([{ line: 1, path: '', message: expect.stringMatching(/alias/i) }]);
  });

  it('rejects an empty file', () => {
    expect(problemsOf('# only a comment\n')).toEqual([{ line: 1, path: '', message: 'the file is empty' }]);
  });

  it('formats paths the way people read YAML', () => {
    expect(formatPath(['behaviours', 0, 'habits', 12, 'difficulty'])).toBe('behaviours[0].habits[12].difficulty');
    expect(formatPath([])).toBe('');
  });

  it('puts every problem into the error message as FILE:LINE: path: message', () => {
    try {
      parseYamlFile({ source: 'title: 3\nitems: []\n', fileName: 'dir/f.yaml', schema });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('dir/f.yaml:1: title: ');
    }
  });
});
