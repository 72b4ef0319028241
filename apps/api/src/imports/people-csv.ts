import { readCsvRecords, type CsvRecord } from './csv-records.ts';
import { ImportError, type ImportProblem } from './import-error.ts';
import { PeopleUserSchema, withProblems, type CheckedPeopleFile, type PeopleFile } from './people-file.ts';
import type { FieldPath } from './yaml-file.ts';

// The people file as CSV (docs/operations/importing.md, "People as CSV"): one person per line
// under a header, for the organisation of whoever uploads it. It becomes the same PeopleFile the
// YAML reader makes, so both go through one import.
export const PEOPLE_CSV_COLUMNS = [
  'email',
  'full_name',
  'role',
  'job_title',
  'is_admin',
  'time_zone',
  'team',
  'manages',
  'cohort',
  'programme',
  'locale',
] as const;
type Column = (typeof PEOPLE_CSV_COLUMNS)[number];
const REQUIRED: Column[] = ['email', 'full_name'];

// What the organisation already has: a team or cohort named in the file keeps its stored
// spelling and type, and an existing cohort needs no programme column.
export type PeopleCsvContext = {
  organisation: { slug: string; name: string };
  teams: { name: string; type: string }[];
  cohorts: { name: string; programmeSlug: string }[];
};

// As the YAML file's cohort names (people-file.ts).
const COHORT_NAME_MAX = 200;
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0', '']);

function header(record: CsvRecord | undefined, problems: ImportProblem[]) {
  const columns = new Map<Column, number>();
  if (!record) {
    problems.push({ line: 1, path: '', message: 'the file is empty: the first line names the columns' });
    return columns;
  }
  record.fields.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (!(PEOPLE_CSV_COLUMNS as readonly string[]).includes(name)) {
      const message = `unknown column "${raw}": the columns are ${PEOPLE_CSV_COLUMNS.join(', ')}`;
      problems.push({ line: record.line, path: raw, message });
    } else if (columns.has(name as Column)) {
      problems.push({ line: record.line, path: name, message: 'the column is named twice' });
    } else columns.set(name as Column, index);
  });
  for (const column of REQUIRED) {
    if (!columns.has(column)) problems.push({ line: record.line, path: column, message: 'the column is required' });
  }
  return columns;
}

export function readPeopleCsv(options: { source: string; fileName: string; context: PeopleCsvContext }) {
  const { records, problems } = readCsvRecords(options.source);
  if (problems.length > 0) throw new ImportError(options.fileName, problems);
  const [first, ...rows] = records;
  const columns = header(first, problems);
  if (problems.length > 0) throw new ImportError(options.fileName, problems);

  const teams = new Map(options.context.teams.map((t) => [t.name.toLowerCase(), t]));
  const cohorts = new Map<string, { name: string; programme?: string; members: string[]; row: number }>();
  const knownCohorts = new Map(options.context.cohorts.map((c) => [c.name.toLowerCase(), c]));
  const users: PeopleFile['users'] = [];
  const lines: number[] = [];
  const teamName = (name: string) => {
    const key = name.toLowerCase();
    if (!teams.has(key)) teams.set(key, { name, type: 'team' });
    return teams.get(key)!.name;
  };

  rows.forEach((record) => {
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (record.fields[index] ?? '').trim();
    };
    const problem = (path: string, message: string) => problems.push({ line: record.line, path, message });
    if (record.fields.length !== first!.fields.length) {
      problem('', `has ${record.fields.length} fields, but the header names ${first!.fields.length} columns`);
      return;
    }
    if (cell('cohort').length > COHORT_NAME_MAX) {
      problem('cohort', `must be at most ${COHORT_NAME_MAX} characters`);
    }
    const isAdmin = cell('is_admin').toLowerCase();
    if (!TRUE.has(isAdmin) && !FALSE.has(isAdmin)) problem('is_admin', 'must be true or false');
    const parsed = PeopleUserSchema.safeParse({
      email: cell('email'),
      full_name: cell('full_name'),
      job_title: cell('job_title') || undefined,
      role: cell('role') || undefined,
      is_admin: TRUE.has(isAdmin),
      time_zone: cell('time_zone') || undefined,
      team: cell('team') ? teamName(cell('team')) : undefined,
      locale: cell('locale') || undefined,
      manages: cell('manages')
        .split(';')
        .map((name) => name.trim())
        .filter(Boolean)
        .map(teamName),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problem(String(issue.path[0] ?? ''), issue.message);
      return;
    }
    const index = users.push(parsed.data) - 1;
    lines[index] = record.line;
    const cohortName = cell('cohort');
    const programme = cell('programme');
    if (!cohortName) {
      if (programme) problem('programme', 'is only read with a cohort: name the cohort too');
      return;
    }
    const key = cohortName.toLowerCase();
    const known = knownCohorts.get(key);
    const entry = cohorts.get(key) ?? { name: known?.name ?? cohortName, members: [], row: record.line };
    if (programme && entry.programme && programme !== entry.programme) {
      problem('programme', `cohort "${entry.name}" is given programme ${entry.programme} on an earlier line`);
    }
    entry.programme = entry.programme ?? (programme || undefined);
    entry.members.push(parsed.data.email);
    cohorts.set(key, entry);
  });
  const cohortList = [...cohorts.values()];
  for (const c of cohortList) {
    if (!c.programme && !knownCohorts.has(c.name.toLowerCase())) {
      const message = `cohort "${c.name}" is new: give its programme's slug in the programme column`;
      problems.push({ line: c.row, path: 'cohort', message });
    }
  }
  if (problems.length > 0) throw new ImportError(options.fileName, problems);

  const data: PeopleFile = {
    version: 1,
    organisation: options.context.organisation,
    teams: [...teams.values()].filter((t) => usedTeam(t.name, users)),
    users,
    cohorts: cohortList.map((c) => ({
      name: c.name,
      programme: c.programme ?? knownCohorts.get(c.name.toLowerCase())!.programmeSlug,
      members: c.members,
    })),
  };
  // Problems about a user point at their line and column; about a cohort, at its first line.
  const problemAt = (path: FieldPath, message: string): ImportProblem => {
    const [list, index, field] = path;
    if (list === 'users' && typeof index === 'number') {
      return { line: lines[index] ?? 1, path: typeof field === 'string' ? field : '', message };
    }
    if (list === 'cohorts' && typeof index === 'number') {
      const cohort = cohortList[index];
      return { line: cohort?.row ?? 1, path: field === 'programme' ? 'programme' : 'cohort', message };
    }
    return { line: 1, path: '', message };
  };
  return withProblems({ data, problemAt }) satisfies CheckedPeopleFile;
}

// Existing teams are only listed (so kept as they are) when a line names them.
function usedTeam(name: string, users: PeopleFile['users']) {
  return users.some((u) => u.team === name || u.manages.includes(name));
}
