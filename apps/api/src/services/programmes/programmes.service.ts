import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import type { TBehaviour } from '@habitrack/contracts/programmes/list-behaviours';
import { translatedText } from '@habitrack/contracts/common/content-translations';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { findCurrentProgramme, listBehaviours, listModules } from '../../db/queries/programmes/programmes.ts';
import { sanitizeIntroContent } from '../../imports/sanitize-intro.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

const NO_PROGRAMME = 'You are not in a programme yet. Your programme administrator adds you to a cohort.';

// The caller's programme in their locale: each text's translation, else the programme's default
// language (docs/domain/programme-content.md#languages).
export async function getCurrentProgramme(
  database: AppDatabase,
  options: { user: SignedInUser; locale: string },
): Promise<TProgramme> {
  const { user, locale } = options;
  const db = database.db;
  const programme = await findCurrentProgramme(db, user.id);
  if (!programme) throw notFound(NO_PROGRAMME);
  const moduleRows = await listModules(db, programme.id);
  const text = <T extends string | null>(field: 'name' | 'description' | 'intro_content', fallback: T) =>
    translatedText(programme.translations, { locale, field, fallback });
  const intro = text('intro_content', programme.introContent);
  return {
    id: programme.id,
    name: text('name', programme.name),
    description: text('description', programme.description),
    // Stored sanitised; sanitised again on the way out in case content reached the table another way.
    intro_content: intro === null ? null : sanitizeIntroContent(intro),
    starts_at: programme.startsAt?.toISOString() ?? null,
    modules: moduleRows.map((m) => ({
      id: m.id,
      name: translatedText(m.translations, { locale, field: 'name', fallback: m.name }),
      position: m.position,
    })),
  };
}

// Only the caller's own programme is readable; any other id answers 404 (ids leak nothing).
export async function listProgrammeBehaviours(
  database: AppDatabase,
  options: { user: SignedInUser; programmeId: string; locale: string },
): Promise<TBehaviour[]> {
  const db = database.db;
  const programme = await findCurrentProgramme(db, options.user.id);
  if (!programme || programme.id !== options.programmeId) throw notFound('Programme not found.');
  return listBehaviours(db, { programmeId: programme.id, locale: options.locale });
}
