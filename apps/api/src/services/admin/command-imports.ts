import type { Db } from '../../db/client.ts';
import { insertAudit, organisationIdBySlug } from '../../db/queries/audit/audit.ts';
import { importPeople, type PeopleImportSummary } from '../../imports/import-people.ts';
import { importProgramme, type ProgrammeImportSummary } from '../../imports/import-programme.ts';

// The import commands (`npm run people -- import`, `npm run programme -- import`) write what the
// console's uploads write, and one audit row in the same transaction: the actor is neither a user
// nor a SCIM token but the server's operator (the audit log shows it as the system).

async function auditImport(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  options: { slug: string; action: string; fileName: string; counts: object },
) {
  const organisationId = await organisationIdBySlug(tx, options.slug);
  if (!organisationId) return;
  await insertAudit(tx, {
    organisationId,
    actorUserId: null,
    actorTokenId: null,
    action: options.action,
    entity: 'organisation',
    entityId: organisationId,
    before: null,
    after: { source: 'command', file: options.fileName, ...options.counts },
  });
}

export function importPeopleByCommand(
  db: Db,
  options: { source: string; fileName: string },
): Promise<PeopleImportSummary> {
  return db.transaction(async (tx) => {
    const summary = await importPeople(tx, options);
    const { organisationSlug, ...counts } = summary;
    await auditImport(tx, { slug: organisationSlug, action: 'people.import', fileName: options.fileName, counts });
    return summary;
  });
}

export function importProgrammeByCommand(
  db: Db,
  options: { source: string; fileName: string },
): Promise<ProgrammeImportSummary> {
  return db.transaction(async (tx) => {
    const summary = await importProgramme(tx, options);
    const { organisationSlug, programmeSlug, programmeId, ...counts } = summary;
    await auditImport(tx, {
      slug: organisationSlug,
      action: 'programme.import',
      fileName: options.fileName,
      counts: { programme_slug: programmeSlug, programme_id: programmeId, ...counts },
    });
    return summary;
  });
}
