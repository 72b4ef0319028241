import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  TAdminBehaviour,
  TAdminHabit,
  TAdminModule,
  TAdminPositiveChange,
  TAdminProgrammeSummary,
} from '@habitrack/contracts/admin/content';
import type { DbOrTx } from '../../client.ts';
import { behaviours, habits, modules, organisations, positiveChanges, programmes } from '../../schema/index.ts';

export type ProgrammeRow = typeof programmes.$inferSelect;
type HabitRow = typeof habits.$inferSelect;
type ChangeRow = typeof positiveChanges.$inferSelect;
export type HabitFields = Partial<
  Pick<
    typeof habits.$inferInsert,
    | 'name'
    | 'description'
    | 'instructions'
    | 'difficulty'
    | 'estimatedTimeMinutes'
    | 'defaultDurationDays'
    | 'tips'
    | 'translations'
  >
>;

export const toProgrammeSummary = (p: ProgrammeRow): TAdminProgrammeSummary => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  description: p.description,
  intro_content: p.introContent,
  starts_at: p.startsAt?.toISOString() ?? null,
  default_locale: p.defaultLocale,
  translations: p.translations,
});

export const toModule = (m: typeof modules.$inferSelect): TAdminModule => ({
  id: m.id,
  position: m.position,
  name: m.name,
  translations: m.translations,
});

export const toBehaviourFields = (b: typeof behaviours.$inferSelect): Omit<TAdminBehaviour, 'habits'> => ({
  id: b.id,
  position: b.position,
  name: b.name,
  description: b.description,
  translations: b.translations,
});

export const toPositiveChange = (c: ChangeRow): TAdminPositiveChange => ({
  id: c.id,
  position: c.position,
  name: c.name,
  description: c.description,
  category: c.category,
  translations: c.translations,
});

export const toHabit = (h: HabitRow, changes: ChangeRow[]): TAdminHabit => ({
  id: h.id,
  behaviour_id: h.behaviourId,
  position: h.position,
  name: h.name,
  description: h.description,
  instructions: h.instructions,
  difficulty: h.difficulty,
  estimated_time_minutes: h.estimatedTimeMinutes,
  default_duration_days: h.defaultDurationDays,
  tips: h.tips,
  retired: h.retiredAt !== null,
  retired_at: h.retiredAt?.toISOString() ?? null,
  positive_changes: changes.map(toPositiveChange),
  translations: h.translations,
});

export async function findOrganisationSlug(db: DbOrTx, organisationId: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: organisations.slug })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.slug ?? null;
}

export function listOrganisationProgrammes(db: DbOrTx, organisationId: string): Promise<ProgrammeRow[]> {
  return db
    .select()
    .from(programmes)
    .where(eq(programmes.organisationId, organisationId))
    .orderBy(asc(programmes.name), asc(programmes.id));
}

// The programme if it is the organisation's; `lock` holds its row for the transaction, so the
// console's content writes of one programme happen one at a time (a name checked free stays free).
export async function findOrganisationProgramme(
  db: DbOrTx,
  options: { programmeId: string; organisationId: string; lock?: boolean },
): Promise<ProgrammeRow | null> {
  const query = db
    .select()
    .from(programmes)
    .where(and(eq(programmes.id, options.programmeId), eq(programmes.organisationId, options.organisationId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

// Everything in the programme, retired habits included: four statements whatever its size.
export async function readProgrammeContent(db: DbOrTx, programmeId: string) {
  const moduleRows = await db
    .select()
    .from(modules)
    .where(eq(modules.programmeId, programmeId))
    .orderBy(asc(modules.position));
  const behaviourRows = await db
    .select()
    .from(behaviours)
    .where(eq(behaviours.programmeId, programmeId))
    .orderBy(asc(behaviours.position), asc(behaviours.name));
  const habitRows =
    behaviourRows.length === 0
      ? []
      : await db
          .select()
          .from(habits)
          .where(
            inArray(
              habits.behaviourId,
              behaviourRows.map((b) => b.id),
            ),
          )
          .orderBy(asc(habits.position), asc(habits.name));
  const changes = await changesOf(
    db,
    habitRows.map((h) => h.id),
  );
  return {
    modules: moduleRows.map(toModule),
    behaviours: behaviourRows.map((b) => ({
      ...toBehaviourFields(b),
      habits: habitRows.filter((h) => h.behaviourId === b.id).map((h) => toHabit(h, changes.get(h.id) ?? [])),
    })),
  };
}

async function changesOf(db: DbOrTx, habitIds: string[]): Promise<Map<string, ChangeRow[]>> {
  const byHabit = new Map<string, ChangeRow[]>();
  if (habitIds.length === 0) return byHabit;
  const rows = await db
    .select()
    .from(positiveChanges)
    .where(inArray(positiveChanges.habitId, habitIds))
    .orderBy(asc(positiveChanges.position), asc(positiveChanges.name));
  for (const row of rows) byHabit.set(row.habitId, [...(byHabit.get(row.habitId) ?? []), row]);
  return byHabit;
}

// An item of content counts only when its programme is the organisation's: the 404 check.
const programmeOfOrganisation = (organisationId: string) => eq(programmes.organisationId, organisationId);

export async function findModule(db: DbOrTx, options: { moduleId: string; organisationId: string }) {
  const [row] = await db
    .select({ module: modules })
    .from(modules)
    .innerJoin(programmes, eq(programmes.id, modules.programmeId))
    .where(and(eq(modules.id, options.moduleId), programmeOfOrganisation(options.organisationId)));
  return row ? { ...row.module } : null;
}

export async function findBehaviour(db: DbOrTx, options: { behaviourId: string; organisationId: string }) {
  const [row] = await db
    .select({ behaviour: behaviours })
    .from(behaviours)
    .innerJoin(programmes, eq(programmes.id, behaviours.programmeId))
    .where(and(eq(behaviours.id, options.behaviourId), programmeOfOrganisation(options.organisationId)));
  return row ? { ...row.behaviour } : null;
}

export async function findHabitWithProgramme(db: DbOrTx, options: { habitId: string; organisationId: string }) {
  const [row] = await db
    .select({ habit: habits, programmeId: behaviours.programmeId })
    .from(habits)
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .innerJoin(programmes, eq(programmes.id, behaviours.programmeId))
    .where(and(eq(habits.id, options.habitId), programmeOfOrganisation(options.organisationId)));
  return row ? { habit: row.habit, programmeId: row.programmeId } : null;
}

export async function findPositiveChange(db: DbOrTx, options: { changeId: string; organisationId: string }) {
  const [row] = await db
    .select({ change: positiveChanges, programmeId: behaviours.programmeId })
    .from(positiveChanges)
    .innerJoin(habits, eq(habits.id, positiveChanges.habitId))
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .innerJoin(programmes, eq(programmes.id, behaviours.programmeId))
    .where(and(eq(positiveChanges.id, options.changeId), programmeOfOrganisation(options.organisationId)));
  return row ? { change: row.change, programmeId: row.programmeId } : null;
}

// One habit as the console shows it.
export async function readHabit(db: DbOrTx, habitId: string): Promise<TAdminHabit | null> {
  const [row] = await db.select().from(habits).where(eq(habits.id, habitId));
  if (!row) return null;
  return toHabit(row, (await changesOf(db, [row.id])).get(row.id) ?? []);
}
