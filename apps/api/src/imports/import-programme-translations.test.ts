import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { behaviours, habits, modules, organisations, positiveChanges, programmes } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { importProgramme } from './import-programme.ts';
import { snapshotTables } from './testing/table-snapshot.ts';
import { rejection, uniqueSlug } from './testing/fixtures.ts';

// A programme file with German beside its English texts. Line numbers matter: keep the layout.
function translatedYaml(orgSlug: string, replace: Record<string, string> = {}) {
  let source = [
    'version: 1', // 1
    `organisation: { slug: ${orgSlug}, name: Test Org }`,
    'programme:',
    '  slug: lep',
    '  name: Leadership Excellence Programme', // 5
    '  description: Small daily habits.',
    `  intro_content: '<p>Welcome</p>'`,
    '  default_locale: en-GB',
    '  modules: [Module 1, Module 2]',
    '  translations:', // 10
    '    de-DE:',
    '      name: Programm für exzellente Führung',
    `      intro_content: '<p>Willkommen</p><script>x()</script>'`,
    '      modules: [Modul 1, Modul 2]',
    'behaviours:', // 15
    '  - name: Active Listening',
    '    description: Give full attention.',
    '    translations:',
    '      de-DE: { name: Aktives Zuhören, description: Volle Aufmerksamkeit schenken. }',
    '    habits:', // 20
    '      - name: Device-Free Conversations',
    '        description: One conversation a day without screens.',
    '        difficulty: easy',
    '        estimated_time_minutes: 15',
    '        tips: [Say why, Start with one-to-ones]', // 25
    '        translations:',
    '          de-DE:',
    '            name: Gespräche ohne Geräte',
    '            tips: [Sag warum, Beginne mit Einzelgesprächen]',
    '        positive_changes:', // 30
    '          - name: Deeper conversations',
    '            category: Relationships',
    '            translations: { de-DE: { name: Tiefere Gespräche, category: Beziehungen } }',
    '      - name: Reflect Before Responding',
    '        difficulty: medium', // 35
    '        estimated_time_minutes: 10',
    '',
  ].join('\n');
  for (const [from, to] of Object.entries(replace)) {
    if (!source.includes(from)) throw new Error(`the file has no ${from}`);
    source = source.replace(from, to);
  }
  return source;
}

describeEachDatabase('importProgramme with translations', (getDb) => {
  async function stored(orgSlug: string) {
    const db = getDb().db;
    const [programme] = await db
      .select({ programme: programmes })
      .from(programmes)
      .innerJoin(organisations, eq(organisations.id, programmes.organisationId))
      .where(and(eq(organisations.slug, orgSlug), eq(programmes.slug, 'lep')));
    const id = programme!.programme.id;
    return {
      programme: programme!.programme,
      modules: await db.select().from(modules).where(eq(modules.programmeId, id)).orderBy(asc(modules.position)),
      behaviours: await db.select().from(behaviours).where(eq(behaviours.programmeId, id)),
      habits: await db
        .select({ habit: habits })
        .from(habits)
        .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
        .where(eq(behaviours.programmeId, id))
        .orderBy(asc(habits.position)),
      changes: await db
        .select({ change: positiveChanges })
        .from(positiveChanges)
        .innerJoin(habits, eq(habits.id, positiveChanges.habitId))
        .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
        .where(eq(behaviours.programmeId, id)),
    };
  }

  it('stores each text in each language, the intro sanitised, and a second import changes nothing', async () => {
    const orgSlug = uniqueSlug('org');
    await importProgramme(getDb().db, { source: translatedYaml(orgSlug), fileName: 'p.yaml' });

    const loaded = await stored(orgSlug);
    expect(loaded.programme.defaultLocale).toBe('en-GB');
    expect(loaded.programme.translations).toEqual({
      'de-DE': { name: 'Programm für exzellente Führung', intro_content: '<p>Willkommen</p>' },
    });
    expect(loaded.modules.map((m) => m.translations)).toEqual([
      { 'de-DE': { name: 'Modul 1' } },
      { 'de-DE': { name: 'Modul 2' } },
    ]);
    expect(loaded.behaviours[0]!.translations).toEqual({
      'de-DE': { name: 'Aktives Zuhören', description: 'Volle Aufmerksamkeit schenken.' },
    });
    expect(loaded.habits.map((h) => h.habit.translations)).toEqual([
      { 'de-DE': { name: 'Gespräche ohne Geräte', tips: ['Sag warum', 'Beginne mit Einzelgesprächen'] } },
      {},
    ]);
    expect(loaded.changes[0]!.change.translations).toEqual({
      'de-DE': { name: 'Tiefere Gespräche', category: 'Beziehungen' },
    });

    const before = await snapshotTables(getDb().db);
    const again = await importProgramme(getDb().db, { source: translatedYaml(orgSlug), fileName: 'p.yaml' });
    expect(again.programme).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(again.habits).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await snapshotTables(getDb().db)).toEqual(before);

    // A changed translation is an update of that row alone.
    const changed = await importProgramme(getDb().db, {
      source: translatedYaml(orgSlug, { 'name: Gespräche ohne Geräte': 'name: Gespräche ohne Bildschirm' }),
      fileName: 'p.yaml',
    });
    expect(changed.habits).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect((await stored(orgSlug)).habits[0]!.habit.translations['de-DE']?.name).toBe('Gespräche ohne Bildschirm');
  });

  it('refuses an unknown locale with its line, and changes nothing', async () => {
    const orgSlug = uniqueSlug('org');
    await importProgramme(getDb().db, { source: translatedYaml(orgSlug), fileName: 'p.yaml' });
    const before = await snapshotTables(getDb().db);

    // Line 27: the habit's translation is into a locale HabiTrack does not speak; the rest of the
    // file changes texts, which must not be written either.
    const source = translatedYaml(orgSlug, {
      '          de-DE:\n': '          de-XX:\n',
      'name: Aktives Zuhören': 'name: Zuhören',
    });
    const error = await rejection(importProgramme(getDb().db, { source, fileName: 'p.yaml' }));
    expect(error.problems).toEqual([
      {
        line: 27,
        path: 'behaviours[0].habits[0].translations.de-XX',
        message: expect.stringMatching(/^de-XX is not a supported locale; use one of en-GB, en-US, de-DE/),
      },
    ]);
    expect(error.message).toContain('p.yaml:27: behaviours[0].habits[0].translations.de-XX: ');
    expect(await snapshotTables(getDb().db)).toEqual(before);
  });

  it('refuses translations of what does not exist, into the default language, or of unknown fields', async () => {
    const orgSlug = uniqueSlug('org');
    const before = await snapshotTables(getDb().db);
    const source = translatedYaml(orgSlug, {
      // Three modules translated, the programme has two.
      'modules: [Modul 1, Modul 2]': 'modules: [Modul 1, Modul 2, Modul 3]',
      // The behaviour's translation into the file's own language.
      '      de-DE: { name: Aktives Zuhören': '      en-GB: { name: Aktives Zuhören',
      // A description the positive change does not have.
      '{ de-DE: { name: Tiefere Gespräche, category: Beziehungen } }':
        '{ de-DE: { name: Tiefere Gespräche, description: Mehr Tiefe } }',
    });
    const error = await rejection(importProgramme(getDb().db, { source, fileName: 'p.yaml' }));
    expect(error.problems).toEqual([
      {
        line: 14,
        path: 'programme.translations.de-DE.modules',
        message: 'lists 3 modules but the programme has 2; translate each one, in order',
      },
      {
        line: 19,
        path: 'behaviours[0].translations.en-GB',
        message: "en-GB is the programme's default language: its texts are the main ones, not a translation",
      },
      {
        line: 33,
        path: 'behaviours[0].habits[0].positive_changes[0].translations.de-DE.description',
        message: 'translates description, which this positive change does not have',
      },
    ]);

    const unknownField = await rejection(
      importProgramme(getDb().db, {
        source: translatedYaml(orgSlug, { '            name: Gespräche ohne Geräte': '            title: Gespräche' }),
        fileName: 'p.yaml',
      }),
    );
    expect(unknownField.problems).toEqual([
      { line: 28, path: 'behaviours[0].habits[0].translations.de-DE.title', message: 'is not a known field' },
    ]);
    expect(await snapshotTables(getDb().db)).toEqual(before);
  });

  it('takes the default language from the file', async () => {
    const orgSlug = uniqueSlug('org');
    const source = translatedYaml(orgSlug, {
      'default_locale: en-GB': 'default_locale: en-US',
    });
    await importProgramme(getDb().db, { source, fileName: 'p.yaml' });
    expect((await stored(orgSlug)).programme.defaultLocale).toBe('en-US');

    const unknown = await rejection(
      importProgramme(getDb().db, {
        source: translatedYaml(uniqueSlug('org'), { 'default_locale: en-GB': 'default_locale: klingon' }),
        fileName: 'p.yaml',
      }),
    );
    expect(unknown.problems).toEqual([
      { line: 8, path: 'programme.default_locale', message: expect.stringContaining('must be one of en-GB') },
    ]);
  });
});
