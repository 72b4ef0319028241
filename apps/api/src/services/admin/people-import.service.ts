import type { TImportPeopleRequest, TImportPeopleResponse } from '@habitrack/contracts/admin/people';
import { uploadContext } from '../../db/queries/admin/people.ts';
import { insertAudit } from '../../db/queries/audit/audit.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { ImportError } from '../../imports/import-error.ts';
import { importPeopleFile, type PeopleImportSummary } from '../../imports/import-people.ts';
import { readPeopleCsv } from '../../imports/people-csv.ts';
import { parsePeopleFile } from '../../imports/people-file.ts';
import { LAST_ADMIN_CONSTRAINT, violatesConstraint } from '../../lib/constraint-violation.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// The console's bulk upload (issue 21): the people file the import command reads (YAML), or its
// CSV form, for the administrator's own organisation. A dry run runs the whole import and rolls it
// back. Problems answer 400 with every problem (line, field) and nothing written; an applied
// upload writes one audit row with the counts.

const FILE_NAMES = { yaml: 'people.yaml', csv: 'people.csv' } as const;

function counts(summary: PeopleImportSummary) {
  return {
    organisation: summary.organisation,
    teams: summary.teams,
    users: summary.users,
    team_managers: summary.teamManagers,
    cohorts: summary.cohorts,
    cohort_members: summary.cohortMembers,
  };
}

export async function uploadPeople(
  database: AppDatabase,
  options: { admin: SignedInUser; input: TImportPeopleRequest },
): Promise<TImportPeopleResponse> {
  const db = database.db;
  const { admin, input } = options;
  const fileName = FILE_NAMES[input.format];
  try {
    const context = await uploadContext(db, admin.organisationId);
    const file =
      input.format === 'yaml'
        ? parsePeopleFile({ source: input.source, fileName })
        : readPeopleCsv({ source: input.source, fileName, context });
    const summary = await importPeopleFile(db, file, {
      fileName,
      dryRun: input.dry_run,
      organisationSlug: context.organisation.slug,
      onImported: async (tx, done) => {
        await insertAudit(tx, {
          organisationId: admin.organisationId,
          actorUserId: admin.id,
          action: 'people.import',
          entity: 'organisation',
          entityId: admin.organisationId,
          before: null,
          after: { format: input.format, ...counts(done) },
        });
      },
    });
    return { dry_run: input.dry_run, organisation_slug: summary.organisationSlug, counts: counts(summary) };
  } catch (error) {
    if (error instanceof ImportError) {
      const n = error.problems.length;
      throw new HttpError(400, `The file was not imported: ${n} problem${n === 1 ? '' : 's'} to fix.`, {
        problems: error.problems,
      });
    }
    // The file's check saw an administrator who was deactivated meanwhile.
    if (violatesConstraint(error, LAST_ADMIN_CONSTRAINT)) {
      throw conflict('The file would take the right from the last administrator of your organisation.');
    }
    throw error;
  }
}
