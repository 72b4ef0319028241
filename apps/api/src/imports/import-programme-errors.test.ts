import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/each-database.ts';
import { importProgramme } from './import-programme.ts';
import { countRows } from './testing/table-snapshot.ts';
import { programmeYaml, rejection, uniqueSlug } from './testing/fixtures.ts';

// A bad file is refused with the line and field at fault, and leaves every table as it was.
describeEachDatabase('importProgramme with a bad file', (getDb) => {
  it('rejects a YAML syntax error with its line and writes nothing', async () => {
    const counts = await countRows(getDb().db);
    const broken = programmeYaml(uniqueSlug('org')).replace(
      '    habits:\n      - name: Specific Thanks',
      '    habits: [\n      - name: Specific Thanks',
    );
    const error = await rejection(importProgramme(getDb().db, { source: broken, fileName: 'broken.yaml' }));
    expect(error.problems[0]).toMatchObject({ path: '' });
    expect(error.problems[0]!.line).toBeGreaterThanOrEqual(29);
    expect(error.message).toMatch(/^broken\.yaml was not imported:\nbroken\.yaml:\d+: /);
    expect(await countRows(getDb().db)).toEqual(counts);
  });

  it('rejects a schema violation naming the line and field path, and writes nothing', async () => {
    const counts = await countRows(getDb().db);
    const source = programmeYaml(uniqueSlug('org')).replace('difficulty: medium', 'difficulty: impossible');
    expect(source.split('\n')[25]).toBe('        difficulty: impossible'); // line 26
    const error = await rejection(importProgramme(getDb().db, { source, fileName: 'p.yaml' }));
    expect(error.problems).toEqual([
      {
        line: 26,
        path: 'behaviours[0].habits[1].difficulty',
        message: expect.stringContaining('"easy"|"medium"|"hard"'),
      },
    ]);
    expect(error.message).toContain('p.yaml:26: behaviours[0].habits[1].difficulty: ');
    expect(await countRows(getDb().db)).toEqual(counts);
  });

  it('reports every problem at once: missing, unknown and duplicate fields', async () => {
    const counts = await countRows(getDb().db);
    const source = programmeYaml(uniqueSlug('org'))
      .replace('        estimated_time_minutes: 10\n', '')
      .replace('  starts_at: 2027-03-01T09:00:00Z', '  starts_on: 2027-03-01')
      .replace('name: Specific Thanks', 'name: Reflect Before Responding')
      .replace('  - name: Recognising Others', '  - name: Active listening');
    const error = await rejection(importProgramme(getDb().db, { source, fileName: 'p.yaml' }));
    expect(error.problems).toEqual([
      { line: 8, path: 'programme.starts_on', message: 'is not a known field' },
      { line: 25, path: 'behaviours[0].habits[1].estimated_time_minutes', message: 'is required' },
    ]);
    // Duplicate names are checked once the shape is right.
    const fixed = source
      .replace('starts_on: 2027-03-01', 'starts_at: 2027-03-01T09:00:00Z')
      .replace('        difficulty: medium\n', '        difficulty: medium\n        estimated_time_minutes: 10\n');
    const duplicates = await rejection(importProgramme(getDb().db, { source: fixed, fileName: 'p.yaml' }));
    expect(duplicates.problems).toEqual([
      { line: 29, path: 'behaviours[1].name', message: 'repeats behaviours[0].name; names must be unique here' },
    ]);
    expect(await countRows(getDb().db)).toEqual(counts);
  });
});
