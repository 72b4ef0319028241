import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { cohortMembers, cohorts, teams, users } from '../../db/schema/index.ts';
import { snapshotTables } from '../../imports/testing/table-snapshot.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { auditRows, caller, createAdminWorld, PEOPLE, type AdminWorld } from './testing/people.ts';

const IMPORTS = `${PEOPLE}/imports`;

describeEachDatabase('admin people: bulk upload', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let mine: AdminWorld;
  let theirs: AdminWorld;
  let call: ReturnType<typeof caller>;
  const db = () => getDatabase().db;
  const upload = (world: AdminWorld, payload: object) => call(world.admin, { method: 'POST', url: IMPORTS, payload });

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    call = caller(app);
    mine = await createAdminWorld(db(), issuers);
    theirs = await createAdminWorld(db(), issuers);
    // The administrators' first requests link their identities, before any snapshot is taken.
    await call(mine.admin, { method: 'GET', url: PEOPLE });
    await call(mine.member, { method: 'GET', url: PEOPLE });
  });
  afterAll(async () => {
    await app.close();
  });

  const yaml = (world: AdminWorld, slug = world.organisation.slug) =>
    [
      'organisation:',
      `  slug: ${slug}`,
      `  name: ${world.organisation.name}`,
      'teams:',
      '  - { name: Support }',
      'users:',
      `  - email: ada@${world.domain}`,
      '    full_name: Ada Lovelace',
      '    team: Support',
      `  - email: ${world.admin.email}`,
      '    full_name: The Administrator',
      '    is_admin: true',
      'cohorts:',
      `  - name: ${world.otherCohort.name}`,
      `    programme: ${world.programme.slug}`,
      `    members: [ada@${world.domain}]`,
      '',
    ].join('\n');

  it('previews a YAML file without writing, then applies it with one audit row', async () => {
    const before = await snapshotTables(db());
    const preview = await upload(mine, { format: 'yaml', source: yaml(mine), dry_run: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      dry_run: true,
      organisation_slug: mine.organisation.slug,
      counts: {
        organisation: { created: 0, updated: 0, unchanged: 1 },
        teams: { created: 1, updated: 0, unchanged: 0 },
        users: { created: 1, updated: 1, unchanged: 0 },
        team_managers: { created: 0, updated: 0, unchanged: 0 },
        cohorts: { created: 0, updated: 0, unchanged: 1 },
        cohort_members: { created: 1, updated: 0, unchanged: 0 },
      },
    });
    expect(await snapshotTables(db())).toEqual(before);

    const applied = await upload(mine, { format: 'yaml', source: yaml(mine), dry_run: false });
    expect(applied.body).toEqual({ ...preview.body, dry_run: false });
    const [ada] = await db()
      .select({ team: teams.name, cohortId: cohortMembers.cohortId })
      .from(users)
      .innerJoin(teams, eq(teams.id, users.teamId))
      .innerJoin(cohortMembers, eq(cohortMembers.userId, users.id))
      .where(eq(users.email, `ada@${mine.domain}`));
    expect(ada).toEqual({ team: 'Support', cohortId: mine.otherCohort.id });
    const audits = await auditRows(db(), { organisationId: mine.organisation.id, action: 'people.import' });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: mine.admin.id, entityId: mine.organisation.id });
    expect(audits[0]!.after).toMatchObject({ format: 'yaml', users: { created: 1, updated: 1, unchanged: 0 } });
  });

  // Runs after the YAML upload above, which created the team Support.
  it('reads the same people from CSV, into existing teams and cohorts', async () => {
    const csv = [
      'email,full_name,role,job_title,team,cohort,is_admin,time_zone',
      `grace@${mine.domain},"Hopper, Grace",team_leader,Rear admiral,support,${mine.cohort.name},no,Europe/Paris`,
      `alan@${mine.domain},Alan Turing,,,,"${mine.cohort.name}",yes,`,
      '',
    ].join('\r\n');
    const preview = await upload(mine, { format: 'csv', source: csv, dry_run: true });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toMatchObject({
      teams: { created: 0, unchanged: 1 },
      users: { created: 2 },
      cohorts: { created: 0, unchanged: 1 },
      cohort_members: { created: 2 },
    });
    const applied = await upload(mine, { format: 'csv', source: csv, dry_run: false });
    expect(applied.status).toBe(200);
    const rows = await db()
      .select({
        email: users.email,
        fullName: users.fullName,
        role: users.role,
        isAdmin: users.isAdmin,
        tz: users.timeZone,
      })
      .from(users)
      .where(and(eq(users.organisationId, mine.organisation.id), eq(users.jobTitle, 'Rear admiral')));
    expect(rows).toEqual([
      {
        email: `grace@${mine.domain}`,
        fullName: 'Hopper, Grace',
        role: 'team_leader',
        isAdmin: false,
        tz: 'Europe/Paris',
      },
    ]);
    const again = await upload(mine, { format: 'csv', source: csv, dry_run: false });
    expect(again.body.counts.users).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });

  it('answers 400 with every problem, line and field, and writes nothing', async () => {
    const before = await snapshotTables(db());
    const foreign = await upload(mine, {
      format: 'yaml',
      source: yaml(mine, theirs.organisation.slug),
      dry_run: false,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.problems).toContainEqual({
      line: 2,
      path: 'organisation.slug',
      message: `the file is for organisation ${theirs.organisation.slug}, but you administer ${mine.organisation.slug}`,
    });
    const takeover = await upload(mine, {
      format: 'csv',
      source: `email,full_name\n${theirs.member.email},Taken Over\n`,
      dry_run: false,
    });
    expect(takeover.status).toBe(400);
    expect(takeover.body.problems).toEqual([
      { line: 2, path: 'email', message: `${theirs.member.email} already belongs to another organisation` },
    ]);
    const bad = await upload(mine, {
      format: 'csv',
      source: ['email,full_name,role,colour', 'x@y.example,Someone,member,red'].join('\n'),
      dry_run: true,
    });
    expect(bad.body.problems).toEqual([
      expect.objectContaining({ line: 1, path: 'colour', message: expect.stringMatching(/unknown column/) }),
    ]);
    const rows = await upload(mine, {
      format: 'csv',
      source: [
        'email,full_name,role,cohort,is_admin',
        'not-an-email,Someone,member,,',
        `b@${mine.domain},,boss,,maybe`,
        `c@${mine.domain},Cee,member,Brand New Cohort,`,
      ].join('\n'),
      dry_run: false,
    });
    expect(rows.status).toBe(400);
    expect(rows.body.detail).toMatch(/not imported: \d+ problems/);
    expect(rows.body.problems.map((p: { line: number; path: string }) => [p.line, p.path])).toEqual([
      [2, 'email'],
      [3, 'is_admin'],
      [3, 'full_name'],
      [3, 'role'],
      [4, 'cohort'],
    ]);
    for (const payload of [
      { format: 'xml', source: 'a', dry_run: true },
      { format: 'csv', source: '', dry_run: true },
      { format: 'csv', source: 'email', dry_run: 'yes' },
      { format: 'csv', source: `email,full_name\nnul@${mine.domain},A\u0000B\n`, dry_run: false },
    ]) {
      expect((await upload(mine, payload)).status).toBe(400);
    }
    expect(await snapshotTables(db())).toEqual(before);
    const [cohort] = await db().select().from(cohorts).where(eq(cohorts.name, 'Brand New Cohort'));
    expect(cohort).toBeUndefined();
  });

  it('refuses a file that takes the right from the last administrator (400), writing nothing', async () => {
    const lone = await createAdminWorld(db(), issuers);
    await call(lone.admin, { method: 'GET', url: PEOPLE });
    const before = await snapshotTables(db());
    const refused = await upload(lone, {
      format: 'csv',
      source: `email,full_name,is_admin\n${lone.admin.email},Admin,false\n`,
      dry_run: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([
      expect.objectContaining({
        line: 2,
        path: 'is_admin',
        message: expect.stringMatching(/last active administrator/),
      }),
    ]);
    expect(await snapshotTables(db())).toEqual(before);
  });

  it('refuses over-long e-mails and names as problems of the file (400), never a database error', async () => {
    const before = await snapshotTables(db());
    const long = 'x'.repeat(3000);
    const refused = await upload(mine, {
      format: 'csv',
      source: `email,full_name,team,cohort,programme\n${long}@${mine.domain},${long},${long},${long},${mine.programme.slug}\n`,
      dry_run: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.problems.map((p: { path: string }) => p.path).sort()).toEqual([
      'cohort',
      'email',
      'full_name',
      'team',
    ]);
    expect(await snapshotTables(db())).toEqual(before);
  });

  it('is for administrators only', async () => {
    const refused = await call(mine.member, {
      method: 'POST',
      url: IMPORTS,
      payload: { format: 'yaml', source: yaml(mine), dry_run: true },
    });
    expect(refused.status).toBe(403);
  });
});
