import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { behaviours, habits, modules, organisations, positiveChanges, programmes } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createOrganisation } from '../test/factories.ts';
import { importProgramme } from './import-programme.ts';
import { snapshotTables } from './testing/table-snapshot.ts';
import { programmeYaml, uniqueSlug } from './testing/fixtures.ts';

describeEachDatabase('importProgramme', (getDb) => {
  async function loadProgramme(orgSlug: string) {
    const db = getDb().db;
    const [org] = await db.select().from(organisations).where(eq(organisations.slug, orgSlug));
    const [programme] = await db
      .select()
      .from(programmes)
      .where(and(eq(programmes.organisationId, org!.id), eq(programmes.slug, 'lep')));
    const mods = await db
      .select()
      .from(modules)
      .where(eq(modules.programmeId, programme!.id))
      .orderBy(asc(modules.position));
    const bs = await db
      .select()
      .from(behaviours)
      .where(eq(behaviours.programmeId, programme!.id))
      .orderBy(asc(behaviours.position));
    const hs = await db
      .select({ habit: habits, behaviour: behaviours.name })
      .from(habits)
      .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
      .where(eq(behaviours.programmeId, programme!.id))
      .orderBy(asc(behaviours.position), asc(habits.position));
    return { org: org!, programme: programme!, modules: mods, behaviours: bs, habits: hs };
  }

  it('loads the whole programme, in file order, with defaults applied', async () => {
    const orgSlug = uniqueSlug('org');
    const summary = await importProgramme(getDb().db, { source: programmeYaml(orgSlug), fileName: 'p.yaml' });

    expect(summary).toMatchObject({
      organisationSlug: orgSlug,
      programmeSlug: 'lep',
      organisation: { created: 1, updated: 0, unchanged: 0 },
      programme: { created: 1, updated: 0, unchanged: 0 },
      modules: { created: 2, updated: 0, unchanged: 0, removed: 0 },
      behaviours: { created: 2, updated: 0, unchanged: 0 },
      habits: { created: 3, updated: 0, unchanged: 0 },
      positiveChanges: { created: 2, updated: 0, unchanged: 0 },
    });
    const loaded = await loadProgramme(orgSlug);
    expect(loaded.org.name).toBe('Test Org');
    expect(loaded.programme).toMatchObject({
      id: summary.programmeId,
      name: 'Leadership Excellence Programme',
      description: 'Small daily habits.',
      introContent: '<p>Welcome</p>',
      startsAt: new Date('2027-03-01T09:00:00Z'),
    });
    expect(loaded.modules.map((m) => [m.position, m.name])).toEqual([
      [1, 'Module 1: Effective Communication'],
      [2, 'Module 2: Trust'],
    ]);
    expect(loaded.behaviours.map((b) => [b.position, b.name, b.description])).toEqual([
      [1, 'Active Listening', 'Give full attention.'],
      [2, 'Recognising Others', null],
    ]);
    const [first, second, third] = loaded.habits.map((h) => h.habit);
    expect(first).toMatchObject({
      position: 1,
      name: 'Device-Free Conversations',
      instructions: 'Put the phone away.',
      difficulty: 'easy',
      estimatedTimeMinutes: 15,
      defaultDurationDays: 60,
      tips: ['Say why', 'Start with one-to-ones'],
    });
    expect(second).toMatchObject({
      position: 2,
      difficulty: 'medium',
      defaultDurationDays: 30,
      tips: [],
      description: null,
    });
    expect(third).toMatchObject({ position: 1, name: 'Specific Thanks', difficulty: 'hard' });
    const changes = await getDb()
      .db.select()
      .from(positiveChanges)
      .where(eq(positiveChanges.habitId, first!.id))
      .orderBy(asc(positiveChanges.position));
    expect(changes.map((c) => [c.position, c.name, c.description, c.category])).toEqual([
      [1, 'Deeper conversations', null, 'Relationships'],
      [2, 'Fewer misunderstandings', 'Catch details', 'Communication'],
    ]);
  });

  it('sanitises the intro HTML: scripts, event handlers and javascript: links go, formatting stays', async () => {
    const orgSlug = uniqueSlug('org');
    const intro =
      '<h2 onclick="steal()">Hello</h2><script>alert(1)</script><p>Read <a href="https://acme.example/x">this</a>' +
      ' or <a href="javascript:alert(1)">that</a><iframe src="https://evil.example"></iframe></p>';
    await importProgramme(getDb().db, { source: programmeYaml(orgSlug, { intro }), fileName: 'p.yaml' });
    const { programme } = await loadProgramme(orgSlug);
    expect(programme.introContent).toBe(
      '<h2>Hello</h2><p>Read <a href="https://acme.example/x">this</a> or <a>that</a></p>',
    );
    expect(programme.introContent).not.toMatch(/script|onclick|iframe|javascript/);
  });

  it('changes nothing when the same file is imported again', async () => {
    const orgSlug = uniqueSlug('org');
    const source = programmeYaml(orgSlug);
    await importProgramme(getDb().db, { source, fileName: 'p.yaml' });
    const before = await snapshotTables(getDb().db);
    const summary = await importProgramme(getDb().db, { source, fileName: 'p.yaml' });
    expect(await snapshotTables(getDb().db)).toEqual(before);
    expect(summary).toMatchObject({
      organisation: { created: 0, updated: 0, unchanged: 1 },
      programme: { created: 0, updated: 0, unchanged: 1 },
      modules: { created: 0, updated: 0, unchanged: 2, removed: 0 },
      behaviours: { created: 0, updated: 0, unchanged: 2 },
      habits: { created: 0, updated: 0, unchanged: 3 },
      positiveChanges: { created: 0, updated: 0, unchanged: 2 },
    });
  });

  it('updates changed content in place, keeps ids, leaves absent behaviours and trims modules', async () => {
    const orgSlug = uniqueSlug('org');
    const db = getDb().db;
    await importProgramme(db, { source: programmeYaml(orgSlug, { modules: ['A', 'B', 'C'] }), fileName: 'p.yaml' });
    const before = await loadProgramme(orgSlug);

    const edited = programmeYaml(orgSlug, { modules: ['A', 'B renamed'] })
      .replace('estimated_time_minutes: 15', 'estimated_time_minutes: 20')
      .replace(/ {2}- name: Recognising Others\n[\s\S]*$/, '');
    const summary = await importProgramme(db, { source: edited, fileName: 'p.yaml' });
    expect(summary.modules).toEqual({ created: 0, updated: 1, unchanged: 1, removed: 1 });
    expect(summary.habits).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(summary.behaviours).toEqual({ created: 0, updated: 0, unchanged: 1 });

    const after = await loadProgramme(orgSlug);
    expect(after.modules.map((m) => m.name)).toEqual(['A', 'B renamed']);
    // The behaviour missing from the file is still there (its habits may carry members' history).
    expect(after.behaviours.map((b) => b.id)).toEqual(before.behaviours.map((b) => b.id));
    expect(after.habits.map((h) => h.habit.id)).toEqual(before.habits.map((h) => h.habit.id));
    expect(after.habits[0]!.habit.estimatedTimeMinutes).toBe(20);
  });

  it('keeps the name of an organisation that already exists', async () => {
    const org = await createOrganisation(getDb().db, { name: 'Acme Holdings Ltd', emailDomains: ['holdings.example'] });
    await importProgramme(getDb().db, { source: programmeYaml(org.slug), fileName: 'p.yaml' });
    const [after] = await getDb().db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(after).toMatchObject({ name: 'Acme Holdings Ltd', emailDomains: ['holdings.example'] });
  });
});
