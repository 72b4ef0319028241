// One problem in an import file. `line` is 1-based; `path` is the field path inside the
// document (e.g. `behaviours[0].habits[2].difficulty`), '' when the problem is not about a field
// (a YAML syntax error, for instance).
export type ImportProblem = {
  line: number;
  path: string;
  message: string;
};

// Each line reads like a compiler diagnostic so editors and CI logs can jump to it.
export function formatProblem(fileName: string, problem: ImportProblem): string {
  const where = `${fileName}:${problem.line}`;
  return problem.path ? `${where}: ${problem.path}: ${problem.message}` : `${where}: ${problem.message}`;
}

export function formatProblems(fileName: string, problems: readonly ImportProblem[]): string {
  return problems.map((p) => formatProblem(fileName, p)).join('\n');
}

// Thrown for anything wrong with the file itself. The import has written nothing when this is
// thrown (the caller's transaction is rolled back), so fixing the file and re-running is safe.
export class ImportError extends Error {
  readonly fileName: string;
  readonly problems: readonly ImportProblem[];

  constructor(fileName: string, problems: readonly ImportProblem[]) {
    const sorted = [...problems].sort((a, b) => a.line - b.line);
    super(`${fileName} was not imported:\n${formatProblems(fileName, sorted)}`);
    this.name = 'ImportError';
    this.fileName = fileName;
    this.problems = sorted;
  }
}
