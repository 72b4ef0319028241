import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { teams, users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createUser } from '../test/factories.ts';
import { importPeople } from './import-people.ts';
import { snapshotTables } from './testing/table-snapshot.ts';
import { peopleYaml, rejection, setupOrganisation } from './testing/fixtures.ts';

// The administrator right in the people file (docs/domain/administration.md#administrators), a
// user's team, and the dry run the console's upload previews with.
describeEachDatabase('importPeople and administrators', (getDb) => {
  it('refuses, before writing, a file that takes the right from the last active administrator', async () => {
    const { org, orgSlug, domain } = await setupOrganisation(getDb().db);
    // Lee Lead is the organisation's only administrator; the file lists them without is_admin.
    await createUser(getDb().db, { organisationId: org.id, email: `lead@${domain}`, isAdmin: true });
    const before = await snapshotTables(getDb().db);
    const error = await rejection(
      importPeople(getDb().db, { source: peopleYaml({ orgSlug, domain }), fileName: 'people.yaml' }),
    );
    expect(error.problems).toEqual([
      {
        line: 10,
        path: 'users[0].is_admin',
        message: `lead@${domain} is the last active administrator of ${orgSlug}: the file would take the right away (is_admin is false or left out); keep is_admin: true, or make another active person an administrator`,
      },
    ]);
    expect(await snapshotTables(getDb().db)).toEqual(before);

    // Keeping the right, or giving it to another active person, imports.
    const kept = peopleYaml({ orgSlug, domain }).replace(
      '    role: leader\n',
      '    role: leader\n    is_admin: true\n',
    );
    await importPeople(getDb().db, { source: kept, fileName: 'people.yaml' });
    const [lead] = await getDb()
      .db.select()
      .from(users)
      .where(eq(users.email, `lead@${domain}`));
    expect(lead!.isAdmin).toBe(true);
    const handedOver = peopleYaml({ orgSlug, domain }).replace(
      '    full_name: Max Member\n',
      '    full_name: Max Member\n    is_admin: true\n',
    );
    await importPeople(getDb().db, { source: handedOver, fileName: 'people.yaml' });
    const admins = await getDb().db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
    expect(admins.map((a) => a.email)).toContain(`m1@${domain}`);
    expect(admins.map((a) => a.email)).not.toContain(`lead@${domain}`);
  });

  it('a dry run answers what the import would do and writes nothing', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const source = peopleYaml({ orgSlug, domain });
    const before = await snapshotTables(getDb().db);
    const preview = await importPeople(getDb().db, { source, fileName: 'people.yaml', dryRun: true });
    expect(await snapshotTables(getDb().db)).toEqual(before);
    const applied = await importPeople(getDb().db, { source, fileName: 'people.yaml' });
    expect(preview).toEqual(applied);
    expect(applied.users).toEqual({ created: 3, updated: 0, unchanged: 0 });
  });

  it("sets a user's team, and leaves it when the file does not say", async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const withTeam = peopleYaml({ orgSlug, domain }).replace(
      '    full_name: Max Member\n',
      '    full_name: Max Member\n    team: sales\n',
    );
    await importPeople(getDb().db, { source: withTeam, fileName: 'people.yaml' });
    const teamOf = async () => {
      const [row] = await getDb()
        .db.select({ team: teams.name })
        .from(users)
        .leftJoin(teams, eq(teams.id, users.teamId))
        .where(eq(users.email, `m1@${domain}`));
      return row!.team;
    };
    expect(await teamOf()).toBe('Sales');
    const summary = await importPeople(getDb().db, { source: peopleYaml({ orgSlug, domain }), fileName: 'p.yaml' });
    expect(summary.users.updated).toBe(0);
    expect(await teamOf()).toBe('Sales');
    const unknown = peopleYaml({ orgSlug, domain }).replace(
      '    full_name: Max Member\n',
      '    full_name: Max Member\n    team: Marketing\n',
    );
    const error = await rejection(importPeople(getDb().db, { source: unknown, fileName: 'people.yaml' }));
    expect(error.problems.map((p) => [p.path, p.message])).toEqual([
      ['users[2].team', 'unknown team "Marketing": it is not listed under teams'],
    ]);
  });
});
