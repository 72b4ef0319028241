import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import type { TBehaviour } from '@habitrack/contracts/programmes/list-behaviours';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { findCurrentProgramme, listBehaviours, listModules } from '../../db/queries/programmes/programmes.ts';
import { sanitizeIntroContent } from '../../imports/sanitize-intro.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

const NO_PROGRAMME = 'You are not in a programme yet. Your programme administrator adds you to a cohort.';

export async function getCurrentProgramme(database: AppDatabase, user: SignedInUser): Promise<TProgramme> {
  const db = database.db;
  const programme = await findCurrentProgramme(db, user.id);
  if (!programme) throw notFound(NO_PROGRAMME);
  const moduleRows = await listModules(db, programme.id);
  return {
    id: programme.id,
    name: programme.name,
    description: programme.description,
    // Stored sanitised; sanitised again on the way out in case content reached the table another way.
    intro_content: programme.introContent === null ? null : sanitizeIntroContent(programme.introContent),
    starts_at: programme.startsAt?.toISOString() ?? null,
    modules: moduleRows.map((m) => ({ id: m.id, name: m.name, position: m.position })),
  };
}

// Only the caller's own programme is readable; any other id answers 404 (ids leak nothing).
export async function listProgrammeBehaviours(
  database: AppDatabase,
  options: { user: SignedInUser; programmeId: string },
): Promise<TBehaviour[]> {
  const db = database.db;
  const programme = await findCurrentProgramme(db, options.user.id);
  if (!programme || programme.id !== options.programmeId) throw notFound('Programme not found.');
  return listBehaviours(db, programme.id);
}
