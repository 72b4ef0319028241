import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { THabit, TBehaviour } from '@habitrack/contracts/programmes/list-behaviours';
import { translatedText, translatedTips } from '@habitrack/contracts/common/content-translations';
import type { DbOrTx } from '../../client.ts';
import {
  behaviours,
  cohortMembers,
  cohorts,
  habits,
  modules,
  positiveChanges,
  programmes,
} from '../../schema/index.ts';

export type ProgrammeRow = typeof programmes.$inferSelect;

export async function findCurrentProgramme(db: DbOrTx, userId: string): Promise<ProgrammeRow | null> {
  const [row] = await db
    .select({ programme: programmes })
    .from(cohortMembers)
    .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    .innerJoin(programmes, eq(programmes.id, cohorts.programmeId))
    .where(eq(cohortMembers.userId, userId))
    .limit(1);
  return row?.programme ?? null;
}

export function listModules(db: DbOrTx, programmeId: string) {
  return db.select().from(modules).where(eq(modules.programmeId, programmeId)).orderBy(asc(modules.position));
}

type HabitRow = typeof habits.$inferSelect;

// Content is read in the member's locale: each text's translation, else the programme's default
// language (docs/domain/programme-content.md#languages).
function toHabit(habit: HabitRow, changes: (typeof positiveChanges.$inferSelect)[], locale: string): THabit {
  const text = <T extends string | null>(
    row: { translations: HabitRow['translations'] },
    field: 'name' | 'description' | 'instructions' | 'category',
    fallback: T,
  ) => translatedText(row.translations, { locale, field, fallback });
  return {
    id: habit.id,
    name: text(habit, 'name', habit.name),
    description: text(habit, 'description', habit.description),
    instructions: text(habit, 'instructions', habit.instructions),
    difficulty: habit.difficulty,
    estimated_time_minutes: habit.estimatedTimeMinutes,
    default_duration_days: habit.defaultDurationDays,
    tips: translatedTips(habit.translations, { locale, fallback: habit.tips }),
    positive_changes: changes.map((c) => ({
      id: c.id,
      name: text(c, 'name', c.name),
      description: text(c, 'description', c.description),
      category: text(c, 'category', c.category),
    })),
  };
}

// Habits with their positive changes in two queries, however many habits there are.
export async function loadHabits(db: DbOrTx, habitRows: HabitRow[], locale: string): Promise<THabit[]> {
  if (habitRows.length === 0) return [];
  const changes = await db
    .select()
    .from(positiveChanges)
    .where(
      inArray(
        positiveChanges.habitId,
        habitRows.map((h) => h.id),
      ),
    )
    .orderBy(asc(positiveChanges.position));
  const byHabit = new Map<string, (typeof positiveChanges.$inferSelect)[]>();
  for (const change of changes) byHabit.set(change.habitId, [...(byHabit.get(change.habitId) ?? []), change]);
  return habitRows.map((habit) => toHabit(habit, byHabit.get(habit.id) ?? [], locale));
}

// A programme's behaviours, habits and positive changes as offered to members: three queries,
// whatever the content size. Retired habits are no longer offered (those who have one keep it, and
// see it with their active habits), nor is a behaviour whose habits are all retired.
export async function listBehaviours(
  db: DbOrTx,
  options: { programmeId: string; locale: string },
): Promise<TBehaviour[]> {
  const { programmeId, locale } = options;
  const behaviourRows = await db
    .select()
    .from(behaviours)
    .where(eq(behaviours.programmeId, programmeId))
    .orderBy(asc(behaviours.position));
  const habitRows = await db
    .select({ habit: habits })
    .from(habits)
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .where(and(eq(behaviours.programmeId, programmeId), isNull(habits.retiredAt)))
    .orderBy(asc(habits.position));
  const loaded = await loadHabits(
    db,
    habitRows.map((r) => r.habit),
    locale,
  );
  const behaviourOf = new Map(habitRows.map((r) => [r.habit.id, r.habit.behaviourId]));
  return behaviourRows
    .map((b) => ({
      id: b.id,
      name: translatedText(b.translations, { locale, field: 'name', fallback: b.name }),
      description: translatedText(b.translations, { locale, field: 'description', fallback: b.description }),
      habits: loaded.filter((h) => behaviourOf.get(h.id) === b.id),
    }))
    .filter((b) => b.habits.length > 0);
}

// Every habit the organisation's programmes offer (retired habits are not offered).
export async function listOrganisationHabits(
  db: DbOrTx,
  options: { organisationId: string; locale: string },
): Promise<THabit[]> {
  const { organisationId, locale } = options;
  const rows = await db
    .select({ habit: habits })
    .from(habits)
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .innerJoin(programmes, eq(programmes.id, behaviours.programmeId))
    .where(and(eq(programmes.organisationId, organisationId), isNull(habits.retiredAt)))
    .orderBy(asc(programmes.name), asc(behaviours.position), asc(habits.position));
  return loadHabits(
    db,
    rows.map((r) => r.habit),
    locale,
  );
}

// One habit with its positive changes.
export async function findHabit(db: DbOrTx, options: { habitId: string; locale: string }): Promise<THabit | null> {
  const [row] = await db.select().from(habits).where(eq(habits.id, options.habitId));
  return row ? ((await loadHabits(db, [row], options.locale))[0] ?? null) : null;
}
