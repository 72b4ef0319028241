import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cohortMembers, cohorts, organisations, teamManagers, teams, users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createUser } from '../test/factories.ts';
import { importPeople } from './import-people.ts';
import { snapshotTables } from './testing/table-snapshot.ts';
import { peopleYaml, setupOrganisation } from './testing/fixtures.ts';

describeEachDatabase('importPeople', (getDb) => {
  it('imports the organisation, teams, users, managers and cohort', async () => {
    const { org, orgSlug, domain } = await setupOrganisation(getDb().db);
    const db = getDb().db;
    const summary = await importPeople(db, { source: peopleYaml({ orgSlug, domain }), fileName: 'people.yaml' });
    expect(summary).toEqual({
      organisationSlug: orgSlug,
      organisation: { created: 0, updated: 1, unchanged: 0 },
      teams: { created: 2, updated: 0, unchanged: 0 },
      users: { created: 3, updated: 0, unchanged: 0 },
      teamManagers: { created: 2, updated: 0, unchanged: 0 },
      cohorts: { created: 1, updated: 0, unchanged: 0 },
      cohortMembers: { created: 2, updated: 0, unchanged: 0 },
    });

    const [stored] = await db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(stored).toMatchObject({
      name: 'Globex',
      emailDomains: [domain],
      azureTenantIds: ['8f6d2c8e-0c1e-4e53-9a31-3f2f0c2f7a11'],
    });
    const teamRows = await db.select().from(teams).where(eq(teams.organisationId, org.id)).orderBy(asc(teams.name));
    expect(teamRows.map((t) => [t.name, t.type])).toEqual([
      ['Engineering', 'department'],
      ['Sales', 'team'],
    ]);
    const people = await db.select().from(users).where(eq(users.organisationId, org.id)).orderBy(asc(users.email));
    expect(people.map((u) => [u.email, u.fullName, u.jobTitle, u.role, u.timeZone])).toEqual([
      [`lead@${domain}`, 'Lee Lead', null, 'leader', 'Europe/London'],
      [`m1@${domain}`, 'Max Member', null, 'member', 'UTC'],
      [`tl@${domain}`, 'Tara Teamlead', 'Head of Engineering', 'team_leader', 'America/New_York'],
    ]);
    const managed = await db
      .select({ team: teams.name, email: users.email })
      .from(teamManagers)
      .innerJoin(teams, eq(teams.id, teamManagers.teamId))
      .innerJoin(users, eq(users.id, teamManagers.userId))
      .where(eq(teams.organisationId, org.id))
      .orderBy(asc(teams.name));
    expect(managed).toEqual([
      { team: 'Engineering', email: `tl@${domain}` },
      { team: 'Sales', email: `tl@${domain}` },
    ]);
    const members = await db
      .select({ cohort: cohorts.name, email: users.email })
      .from(cohortMembers)
      .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
      .innerJoin(users, eq(users.id, cohortMembers.userId))
      .where(eq(cohorts.organisationId, org.id))
      .orderBy(asc(users.email));
    expect(members).toEqual([
      { cohort: 'Cohort One', email: `lead@${domain}` },
      { cohort: 'Cohort One', email: `m1@${domain}` },
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const source = peopleYaml({ orgSlug, domain });
    await importPeople(getDb().db, { source, fileName: 'people.yaml' });
    const before = await snapshotTables(getDb().db);
    const summary = await importPeople(getDb().db, { source, fileName: 'people.yaml' });
    expect(await snapshotTables(getDb().db)).toEqual(before);
    expect(summary.users).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(summary.cohortMembers).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });

  it('updates what the file owns, keeps what it leaves out, and moves members between cohorts', async () => {
    const { org, orgSlug, domain } = await setupOrganisation(getDb().db);
    const db = getDb().db;
    await importPeople(db, { source: peopleYaml({ orgSlug, domain }), fileName: 'people.yaml' });
    const edited = peopleYaml({ orgSlug, domain })
      .replace('  azure_tenant_ids: [8F6D2C8E-0C1E-4E53-9A31-3F2F0C2F7A11]\n', '')
      .replace(
        '    full_name: Max Member',
        '    full_name: Max Member\n    job_title: Analyst\n    time_zone: Asia/Tokyo',
      )
      .replace(
        `  - email: Lead@${domain}\n    full_name: Lee Lead\n    role: leader\n    time_zone: Europe/London\n`,
        '',
      )
      .replace(
        `    members: [lead@${domain}, m1@${domain}]`,
        `    members: []\n  - name: Cohort Two\n    programme: lep\n    members: [m1@${domain}]`,
      );
    const summary = await importPeople(db, { source: edited, fileName: 'people.yaml' });
    expect(summary.users).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(summary.cohortMembers).toEqual({ created: 0, updated: 1, unchanged: 0 });

    const [stored] = await db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(stored!.azureTenantIds).toEqual(['8f6d2c8e-0c1e-4e53-9a31-3f2f0c2f7a11']);
    const people = await db.select().from(users).where(eq(users.organisationId, org.id)).orderBy(asc(users.email));
    // The leader is absent from the file but stays; time zones are only set when a user is created.
    expect(people.map((u) => [u.email, u.jobTitle, u.timeZone])).toEqual([
      [`lead@${domain}`, null, 'Europe/London'],
      [`m1@${domain}`, 'Analyst', 'UTC'],
      [`tl@${domain}`, 'Head of Engineering', 'America/New_York'],
    ]);
    const members = await db
      .select({ cohort: cohorts.name, email: users.email })
      .from(cohortMembers)
      .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
      .innerJoin(users, eq(users.id, cohortMembers.userId))
      .where(eq(cohorts.organisationId, org.id))
      .orderBy(asc(users.email));
    expect(members).toEqual([
      { cohort: 'Cohort One', email: `lead@${domain}` },
      { cohort: 'Cohort Two', email: `m1@${domain}` },
    ]);
  });

  it('accepts members who already exist in the organisation without listing them again', async () => {
    const { org, orgSlug, domain } = await setupOrganisation(getDb().db);
    const existing = await createUser(getDb().db, { organisationId: org.id, email: `old@${domain}` });
    const source = peopleYaml({ orgSlug, domain }).replace(
      `members: [lead@${domain}, m1@${domain}]`,
      `members: [OLD@${domain}]`,
    );
    const summary = await importPeople(getDb().db, { source, fileName: 'people.yaml' });
    expect(summary.cohortMembers).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const [membership] = await getDb().db.select().from(cohortMembers).where(eq(cohortMembers.userId, existing.id));
    expect(membership).toBeDefined();
  });
});
