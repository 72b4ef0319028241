import type { TImportProgrammeRequest, TImportProgrammeResponse } from '@habitrack/contracts/admin/content';
import { transactionOrDryRun } from '../../db/dry-run.ts';
import { findOrganisationSlug } from '../../db/queries/admin/content.ts';
import { ImportError, type ImportProblem } from '../../imports/import-error.ts';
import { importProgramme, type ProgrammeImportSummary } from '../../imports/import-programme.ts';
import { parseProgrammeFile } from '../../imports/programme-file.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { Admin } from './admin.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// A programme file uploaded in the console (issue 21, decision 018): the same file and the same
// import as `npm run import -- programme`, for the administrator's own organisation only. A dry
// run imports inside a transaction and rolls it back, so the preview is exactly what applying
// would do. A file with problems is 400 with the problems, and nothing is written.
const DEFAULT_FILE_NAME = 'programme.yaml';

function refused(fileName: string, problems: readonly ImportProblem[]): HttpError {
  const first = problems[0];
  const where = first ? ` (line ${first.line}${first.path ? `, ${first.path}` : ''}: ${first.message})` : '';
  return new HttpError(400, `${fileName} was not imported${where}.`, { problems });
}

// Parse problems come back as ImportError; anything else the YAML reader throws is a bad file too.
function parse(source: string, fileName: string) {
  try {
    return parseProgrammeFile({ source, fileName });
  } catch (error) {
    if (error instanceof ImportError) throw refused(fileName, error.problems);
    throw refused(fileName, [{ line: 1, path: '', message: 'the file could not be read as YAML' }]);
  }
}

const toResponse = (summary: ProgrammeImportSummary, dryRun: boolean): TImportProgrammeResponse => ({
  dry_run: dryRun,
  // A programme the dry run would create has no id yet.
  programme_id: dryRun && summary.programme.created > 0 ? null : summary.programmeId,
  programme_slug: summary.programmeSlug,
  programme: summary.programme,
  modules: summary.modules,
  behaviours: summary.behaviours,
  habits: summary.habits,
  positive_changes: summary.positiveChanges,
});

export async function importProgrammeFile(
  database: AppDatabase,
  options: { admin: Admin; input: TImportProgrammeRequest },
): Promise<TImportProgrammeResponse> {
  const db = database.db;
  const { admin, input } = options;
  const fileName = input.file_name ?? DEFAULT_FILE_NAME;
  const file = parse(input.source, fileName);
  if (file.problems.length > 0) throw refused(fileName, file.problems);
  const slug = await findOrganisationSlug(db, admin.organisationId);
  if (!slug) throw notFound('Your organisation was not found.');
  if (file.data.organisation.slug !== slug) {
    throw refused(fileName, [file.problemAt(['organisation', 'slug'], `must be your organisation's slug, ${slug}`)]);
  }
  try {
    const summary = await transactionOrDryRun(db, { dryRun: input.dry_run }, async (tx) => {
      const imported = await importProgramme(tx, { source: input.source, fileName });
      await auditWrite(tx, admin, {
        action: 'programme.import',
        entity: 'programme',
        entityId: imported.programmeId,
        after: toResponse(imported, false),
      });
      return imported;
    });
    return toResponse(summary, input.dry_run);
  } catch (error) {
    if (error instanceof ImportError) throw refused(fileName, error.problems);
    throw error;
  }
}
