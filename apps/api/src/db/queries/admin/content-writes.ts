import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TContentTranslations } from '@habitrack/contracts/common/content-translations';
import type { DbOrTx } from '../../client.ts';
import { behaviours, habits, modules, positiveChanges, programmes } from '../../schema/index.ts';
import { toBehaviourFields, toModule, toPositiveChange, type HabitFields, type ProgrammeRow } from './content.ts';

// The console's content writes (issue 21): name checks and updates. The service locks the
// programme's row first (findOrganisationProgramme with lock), so a name checked free stays free.
// Whether a sibling already has the name (compared case-insensitively, as the programme file does).
const sameName = (column: AnyPgColumn, name: string) => sql`lower(${column}) = lower(${name})`;

export async function behaviourNameTaken(
  db: DbOrTx,
  options: { programmeId: string; name: string; exceptId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: behaviours.id })
    .from(behaviours)
    .where(
      and(
        eq(behaviours.programmeId, options.programmeId),
        sameName(behaviours.name, options.name),
        ne(behaviours.id, options.exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function habitNameTaken(
  db: DbOrTx,
  options: { behaviourId: string; name: string; exceptId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: habits.id })
    .from(habits)
    .where(
      and(
        eq(habits.behaviourId, options.behaviourId),
        sameName(habits.name, options.name),
        options.exceptId ? ne(habits.id, options.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function positiveChangeNameTaken(
  db: DbOrTx,
  options: { habitId: string; name: string; exceptId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: positiveChanges.id })
    .from(positiveChanges)
    .where(
      and(
        eq(positiveChanges.habitId, options.habitId),
        sameName(positiveChanges.name, options.name),
        ne(positiveChanges.id, options.exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function updateProgrammeTexts(
  db: DbOrTx,
  options: {
    programmeId: string;
    fields: Partial<Pick<ProgrammeRow, 'name' | 'description' | 'introContent' | 'translations'>>;
  },
): Promise<ProgrammeRow> {
  const [row] = await db
    .update(programmes)
    .set(options.fields)
    .where(eq(programmes.id, options.programmeId))
    .returning();
  return row!;
}

export async function updateModule(
  db: DbOrTx,
  options: { moduleId: string; fields: { name?: string; translations?: TContentTranslations } },
) {
  const [row] = await db.update(modules).set(options.fields).where(eq(modules.id, options.moduleId)).returning();
  return toModule(row!);
}

export async function updateBehaviourTexts(
  db: DbOrTx,
  options: {
    behaviourId: string;
    fields: { name?: string; description?: string | null; translations?: TContentTranslations };
  },
) {
  const [row] = await db
    .update(behaviours)
    .set(options.fields)
    .where(eq(behaviours.id, options.behaviourId))
    .returning();
  return toBehaviourFields(row!);
}

export async function updateHabitFields(db: DbOrTx, options: { habitId: string; fields: HabitFields }) {
  await db.update(habits).set(options.fields).where(eq(habits.id, options.habitId));
}

export async function setHabitRetired(db: DbOrTx, options: { habitId: string; retiredAt: Date | null }) {
  await db.update(habits).set({ retiredAt: options.retiredAt }).where(eq(habits.id, options.habitId));
}

// A new habit goes last in its behaviour.
export async function insertHabit(
  db: DbOrTx,
  options: { behaviourId: string; fields: Required<Omit<HabitFields, 'translations'>> },
): Promise<string> {
  const [row] = await db
    .insert(habits)
    .values({
      behaviourId: options.behaviourId,
      position: sql`(select coalesce(max(${habits.position}), 0) + 1 from ${habits} where ${habits.behaviourId} = ${options.behaviourId})`,
      ...options.fields,
    })
    .returning({ id: habits.id });
  return row!.id;
}

export async function updatePositiveChangeTexts(
  db: DbOrTx,
  options: {
    changeId: string;
    fields: { name?: string; description?: string | null; category?: string; translations?: TContentTranslations };
  },
) {
  const [row] = await db
    .update(positiveChanges)
    .set(options.fields)
    .where(eq(positiveChanges.id, options.changeId))
    .returning();
  return toPositiveChange(row!);
}
