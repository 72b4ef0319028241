import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, organisations } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { peopleYaml, programmeYaml, rejection, setupOrganisation, uniqueSlug } from '../../imports/testing/fixtures.ts';
import { importPeopleByCommand, importProgrammeByCommand } from './command-imports.ts';

// The import commands leave the same audit trail as the console's uploads, by the system.
describeEachDatabase('import commands and the audit log', (getDb) => {
  const rowsOf = (organisationId: string) =>
    getDb().db.select().from(auditLog).where(eq(auditLog.organisationId, organisationId));

  it('writes one audit row per applied import, by no user nor token, with the counts', async () => {
    const { db } = getDb();
    const orgSlug = uniqueSlug('cmd');
    await importProgrammeByCommand(db, { source: programmeYaml(orgSlug), fileName: 'programme.yaml' });
    const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, orgSlug));
    const [programmeRow] = await rowsOf(organisation!.id);
    expect(programmeRow).toMatchObject({
      actorUserId: null,
      actorTokenId: null,
      action: 'programme.import',
      entity: 'organisation',
      entityId: organisation!.id,
      after: { source: 'command', file: 'programme.yaml', habits: { created: expect.any(Number) } },
    });

    const domain = organisation!.emailDomains[0] ?? 'example.com';
    await importPeopleByCommand(db, { source: peopleYaml({ orgSlug, domain }), fileName: 'people.yaml' });
    const rows = await rowsOf(organisation!.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['people.import', 'programme.import']);
    expect(rows.find((r) => r.action === 'people.import')).toMatchObject({
      actorUserId: null,
      after: { source: 'command', file: 'people.yaml', users: { created: expect.any(Number) } },
    });
  });

  it('writes no audit row for a refused file', async () => {
    const { db } = getDb();
    const { org, orgSlug } = await setupOrganisation(db);
    await rejection(
      importPeopleByCommand(db, {
        source: `${peopleYaml({ orgSlug, domain: 'x' })}\n  - bad`,
        fileName: 'people.yaml',
      }),
    );
    expect(await rowsOf(org.id)).toEqual([]);
  });
});
