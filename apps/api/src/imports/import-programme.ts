import { and, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { behaviours, habits, modules, organisations, positiveChanges, programmes } from '../db/schema/index.ts';
import { ImportError } from './import-error.ts';
import { parseProgrammeFile, type ProgrammeFile } from './programme-file.ts';
import { moduleTranslations, programmeTranslations, stored } from './programme-translations.ts';
import { sanitizeIntroContent } from './sanitize-intro.ts';
import { keyOf, mergeUpserted, noCounts, updateWhenChanged, type EntityCounts } from './upsert.ts';

export type ProgrammeImportSummary = {
  organisationSlug: string;
  programmeSlug: string;
  programmeId: string;
  organisation: EntityCounts;
  programme: EntityCounts;
  // Modules follow the file exactly (see importing.md), so they can also be removed.
  modules: EntityCounts & { removed: number };
  behaviours: EntityCounts;
  habits: EntityCounts;
  positiveChanges: EntityCounts;
};

// The programme file names its organisation by slug; a new slug gets a minimal row that the
// people import completes. An existing organisation is never changed from here: its name and
// domains belong to the people file.
async function ensureOrganisation(tx: Tx, org: ProgrammeFile['organisation']) {
  const inserted = await tx
    .insert(organisations)
    .values({ slug: org.slug, name: org.name })
    .onConflictDoNothing({ target: organisations.slug })
    .returning({ id: organisations.id });
  const counts = noCounts();
  if (inserted[0]) {
    counts.created = 1;
    return { id: inserted[0].id, counts };
  }
  const [existing] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, org.slug));
  if (!existing) throw new Error(`organisation ${org.slug} vanished during the import`);
  counts.unchanged = 1;
  return { id: existing.id, counts };
}

async function upsertProgramme(tx: Tx, organisationId: string, p: ProgrammeFile['programme']) {
  const before = await tx
    .select({ id: programmes.id })
    .from(programmes)
    .where(and(eq(programmes.organisationId, organisationId), eq(programmes.slug, p.slug)));
  const intro = p.intro_content ? sanitizeIntroContent(p.intro_content) : '';
  const written = await tx
    .insert(programmes)
    .values({
      organisationId,
      slug: p.slug,
      name: p.name,
      description: p.description,
      introContent: intro || null,
      startsAt: p.starts_at,
      defaultLocale: p.default_locale,
      translations: programmeTranslations(p),
    })
    .onConflictDoUpdate({
      target: [programmes.organisationId, programmes.slug],
      ...updateWhenChanged({
        name: programmes.name,
        description: programmes.description,
        introContent: programmes.introContent,
        startsAt: programmes.startsAt,
        defaultLocale: programmes.defaultLocale,
        translations: programmes.translations,
      }),
    })
    .returning({ id: programmes.id });
  const merged = mergeUpserted(
    [p.slug],
    before.map((r) => ({ key: p.slug, id: r.id })),
    written.map((r) => ({ key: p.slug, id: r.id })),
  );
  return { id: merged.idOf(p.slug), counts: merged.counts };
}

// Modules are an outline identified by position; nothing else refers to them, so the stored list
// is made to match the file, including dropping positions past its end.
async function syncModules(tx: Tx, programmeId: string, programme: ProgrammeFile['programme']) {
  const names = programme.modules;
  const before = await tx
    .select({ id: modules.id, position: modules.position })
    .from(modules)
    .where(eq(modules.programmeId, programmeId));
  const written = await tx
    .insert(modules)
    .values(
      names.map((name, i) => ({ programmeId, position: i + 1, name, translations: moduleTranslations(programme, i) })),
    )
    .onConflictDoUpdate({
      target: [modules.programmeId, modules.position],
      ...updateWhenChanged({ name: modules.name, translations: modules.translations }),
    })
    .returning({ id: modules.id, position: modules.position });
  const removed = await tx
    .delete(modules)
    .where(and(eq(modules.programmeId, programmeId), gt(modules.position, names.length)))
    .returning({ id: modules.id });
  const { counts } = mergeUpserted(
    names.map((_, i) => String(i + 1)),
    before.map((r) => ({ key: String(r.position), id: r.id })),
    written.map((r) => ({ key: String(r.position), id: r.id })),
  );
  return { ...counts, removed: removed.length };
}

async function upsertBehaviours(tx: Tx, programmeId: string, file: ProgrammeFile) {
  const before = await tx
    .select({ id: behaviours.id, name: behaviours.name })
    .from(behaviours)
    .where(eq(behaviours.programmeId, programmeId));
  const written = await tx
    .insert(behaviours)
    .values(
      file.behaviours.map((b, i) => ({
        programmeId,
        position: i + 1,
        name: b.name,
        description: b.description,
        translations: stored(b.translations),
      })),
    )
    .onConflictDoUpdate({
      target: [behaviours.programmeId, behaviours.name],
      ...updateWhenChanged({
        position: behaviours.position,
        description: behaviours.description,
        translations: behaviours.translations,
      }),
    })
    .returning({ id: behaviours.id, name: behaviours.name });
  const toKeyed = (r: { id: string; name: string }) => ({ key: r.name, id: r.id });
  return mergeUpserted(
    file.behaviours.map((b) => b.name),
    before.map(toKeyed),
    written.map(toKeyed),
  );
}

async function upsertHabits(tx: Tx, file: ProgrammeFile, behaviourId: (name: string) => string) {
  const rows = file.behaviours.flatMap((b) =>
    b.habits.map((h, i) => ({
      behaviourId: behaviourId(b.name),
      position: i + 1,
      name: h.name,
      description: h.description,
      instructions: h.instructions,
      difficulty: h.difficulty,
      estimatedTimeMinutes: h.estimated_time_minutes,
      defaultDurationDays: h.default_duration_days,
      tips: h.tips,
      translations: stored(h.translations),
    })),
  );
  const parents = [...new Set(rows.map((r) => r.behaviourId))];
  const before = await tx
    .select({ id: habits.id, behaviourId: habits.behaviourId, name: habits.name })
    .from(habits)
    .where(inArray(habits.behaviourId, parents));
  const written = await tx
    .insert(habits)
    .values(rows)
    .onConflictDoUpdate({
      target: [habits.behaviourId, habits.name],
      ...updateWhenChanged({
        position: habits.position,
        description: habits.description,
        instructions: habits.instructions,
        difficulty: habits.difficulty,
        estimatedTimeMinutes: habits.estimatedTimeMinutes,
        defaultDurationDays: habits.defaultDurationDays,
        tips: habits.tips,
        translations: habits.translations,
      }),
    })
    .returning({ id: habits.id, behaviourId: habits.behaviourId, name: habits.name });
  const toKeyed = (r: { id: string; behaviourId: string; name: string }) => ({
    key: keyOf(r.behaviourId, r.name),
    id: r.id,
  });
  return mergeUpserted(
    rows.map((r) => keyOf(r.behaviourId, r.name)),
    before.map(toKeyed),
    written.map(toKeyed),
  );
}

async function upsertPositiveChanges(
  tx: Tx,
  file: ProgrammeFile,
  habitId: (behaviour: string, habit: string) => string,
) {
  const rows = file.behaviours.flatMap((b) =>
    b.habits.flatMap((h) =>
      h.positive_changes.map((c, i) => ({
        habitId: habitId(b.name, h.name),
        position: i + 1,
        name: c.name,
        description: c.description,
        category: c.category,
        translations: stored(c.translations),
      })),
    ),
  );
  if (rows.length === 0) return noCounts();
  const before = await tx
    .select({ id: positiveChanges.id, habitId: positiveChanges.habitId, name: positiveChanges.name })
    .from(positiveChanges)
    .where(inArray(positiveChanges.habitId, [...new Set(rows.map((r) => r.habitId))]));
  const written = await tx
    .insert(positiveChanges)
    .values(rows)
    .onConflictDoUpdate({
      target: [positiveChanges.habitId, positiveChanges.name],
      ...updateWhenChanged({
        position: positiveChanges.position,
        description: positiveChanges.description,
        category: positiveChanges.category,
        translations: positiveChanges.translations,
      }),
    })
    .returning({ id: positiveChanges.id, habitId: positiveChanges.habitId, name: positiveChanges.name });
  const toKeyed = (r: { id: string; habitId: string; name: string }) => ({ key: keyOf(r.habitId, r.name), id: r.id });
  return mergeUpserted(
    rows.map((r) => keyOf(r.habitId, r.name)),
    before.map(toKeyed),
    written.map(toKeyed),
  ).counts;
}

// Imports a programme content file in one transaction. Re-importing the same file changes
// nothing; content missing from the file is left in place (habits may already carry history).
// Throws ImportError, having written nothing, when the file is invalid.
export async function importProgramme(
  db: DbOrTx,
  options: { source: string; fileName: string },
): Promise<ProgrammeImportSummary> {
  const file = parseProgrammeFile(options);
  if (file.problems.length > 0) throw new ImportError(options.fileName, file.problems);
  const content = file.data;
  return db.transaction(async (tx) => {
    const organisation = await ensureOrganisation(tx, content.organisation);
    const programme = await upsertProgramme(tx, organisation.id, content.programme);
    const moduleCounts = await syncModules(tx, programme.id, content.programme);
    const behaviourResult = await upsertBehaviours(tx, programme.id, content);
    const habitResult = await upsertHabits(tx, content, behaviourResult.idOf);
    const changeCounts = await upsertPositiveChanges(tx, content, (b, h) =>
      habitResult.idOf(keyOf(behaviourResult.idOf(b), h)),
    );
    return {
      organisationSlug: content.organisation.slug,
      programmeSlug: content.programme.slug,
      programmeId: programme.id,
      organisation: organisation.counts,
      programme: programme.counts,
      modules: moduleCounts,
      behaviours: behaviourResult.counts,
      habits: habitResult.counts,
      positiveChanges: changeCounts,
    };
  });
}
