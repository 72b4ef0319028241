import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/each-database.ts';
import { createOrganisation, createUser } from '../test/factories.ts';
import { importPeople } from './import-people.ts';
import { countRows } from './testing/table-snapshot.ts';
import { peopleYaml, rejection, setupOrganisation } from './testing/fixtures.ts';

// Cross-reference and schema errors name the line and field, and nothing is written.
describeEachDatabase('importPeople with a bad file', (getDb) => {
  it('rejects an unknown programme at its line and writes nothing', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const counts = await countRows(getDb().db);
    const source = peopleYaml({ orgSlug, domain, programme: 'no-such-programme' });
    const error = await rejection(importPeople(getDb().db, { source, fileName: 'people.yaml' }));
    expect(error.problems).toEqual([
      {
        line: 24,
        path: 'cohorts[0].programme',
        message: `unknown programme "no-such-programme" in organisation ${orgSlug}; import the programme file first`,
      },
    ]);
    expect(await countRows(getDb().db)).toEqual(counts);
  });

  it('rejects a programme that belongs to another organisation', async () => {
    const { domain } = await setupOrganisation(getDb().db);
    const other = await createOrganisation(getDb().db);
    const counts = await countRows(getDb().db);
    const error = await rejection(
      importPeople(getDb().db, { source: peopleYaml({ orgSlug: other.slug, domain }), fileName: 'p.yaml' }),
    );
    expect(error.problems.map((p) => [p.line, p.path])).toEqual([[24, 'cohorts[0].programme']]);
    expect(await countRows(getDb().db)).toEqual(counts);
  });

  it('rejects bad cross-references inside the file, each at its line', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const counts = await countRows(getDb().db);
    const source = peopleYaml({ orgSlug, domain })
      .replace('manages: [Engineering, sales]', 'manages: [Engineering, Marketing]')
      .replace(`  - email: m1@${domain}`, `  - email: TL@${domain}`)
      .replace(
        `    members: [lead@${domain}, m1@${domain}]`,
        `    members: [lead@${domain}, ghost@${domain}]\n  - name: Cohort Two\n    programme: lep\n    members: [lead@${domain}]`,
      );
    const error = await rejection(importPeople(getDb().db, { source, fileName: 'people.yaml' }));
    expect(error.problems).toEqual([
      { line: 19, path: 'users[1].manages[1]', message: 'unknown team "Marketing": it is not listed under teams' },
      { line: 20, path: 'users[2].email', message: 'e-mail repeats users[1].email' },
      {
        line: 28,
        path: 'cohorts[1].members[0]',
        message: `lead@${domain} is already a member of "Cohort One"; a user is in at most one cohort`,
      },
    ]);
    expect(await countRows(getDb().db)).toEqual(counts);

    // Once the file is consistent, members are checked against the database.
    const second = await rejection(
      importPeople(getDb().db, {
        source: peopleYaml({ orgSlug, domain }).replace(
          `members: [lead@${domain}, m1@${domain}]`,
          `members: [ghost@${domain}]`,
        ),
        fileName: 'people.yaml',
      }),
    );
    expect(second.problems).toEqual([
      {
        line: 25,
        path: 'cohorts[0].members[0]',
        message: `unknown member ghost@${domain}: not listed under users and not a user of ${orgSlug}`,
      },
    ]);
    expect(await countRows(getDb().db)).toEqual(counts);
  });

  it('never takes over a user of another organisation', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const other = await createOrganisation(getDb().db);
    await createUser(getDb().db, { organisationId: other.id, email: `m1@${domain}` });
    const counts = await countRows(getDb().db);
    const error = await rejection(
      importPeople(getDb().db, { source: peopleYaml({ orgSlug, domain }), fileName: 'p.yaml' }),
    );
    expect(error.problems).toEqual([
      { line: 20, path: 'users[2].email', message: `m1@${domain} already belongs to another organisation` },
    ]);
    expect(await countRows(getDb().db)).toEqual(counts);
  });

  it('validates roles, time zones and e-mails against the schema', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const counts = await countRows(getDb().db);
    const source = peopleYaml({ orgSlug, domain })
      .replace('    role: leader', '    role: boss')
      .replace('time_zone: america/new_york', 'time_zone: Mars/Olympus_Mons')
      .replace(`  - email: m1@${domain}`, '  - email: not-an-email');
    const error = await rejection(importPeople(getDb().db, { source, fileName: 'people.yaml' }));
    expect(error.problems.map((p) => [p.line, p.path, p.message])).toEqual([
      [12, 'users[0].role', expect.stringContaining('"leader"|"team_leader"|"member"')],
      [18, 'users[1].time_zone', 'must be an IANA time zone such as Europe/London'],
      [20, 'users[2].email', 'must be an e-mail address'],
    ]);
    expect(await countRows(getDb().db)).toEqual(counts);
  });

  it('refuses manages on a user who is not a team leader', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const source = peopleYaml({ orgSlug, domain }).replace('    role: team_leader\n', '');
    const error = await rejection(importPeople(getDb().db, { source, fileName: 'people.yaml' }));
    expect(error.problems).toEqual([
      {
        line: 18,
        path: 'users[1].manages[0]',
        message: "only a team_leader manages teams, but this user's role is member",
      },
      {
        line: 18,
        path: 'users[1].manages[1]',
        message: "only a team_leader manages teams, but this user's role is member",
      },
    ]);
  });
});
