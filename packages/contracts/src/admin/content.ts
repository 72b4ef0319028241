import { z } from 'zod';
import { zPlainText } from '../common/plain-text.ts';
import { SUPPORTED_LOCALES } from '../common/locales.ts';
import { type TContentKind, type TContentTranslations, zContentTranslation } from '../common/content-translations.ts';

// The programme content in the administration console (issue 21, decision 018). Only the
// administrator's own organisation's programmes; another organisation's ids are 404.
export const CONTENT_NAME_MAX = 200;
export const CONTENT_TEXT_MAX = 5000;
export const INTRO_CONTENT_MAX = 100_000;
export const HABIT_TIPS_MAX = 20;
// The programme file upload (POST /admin/programmes/imports) may be larger than other bodies.
export const PROGRAMME_FILE_MAX = 1024 * 1024;

const zName = zPlainText()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(CONTENT_NAME_MAX, { error: `must be at most ${CONTENT_NAME_MAX} characters` });
// Optional prose: blank or null is stored as null.
const zText = (max = CONTENT_TEXT_MAX) =>
  zPlainText()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullable()
    .transform((value) => (value ? value : null));
const zDifficulty = z.enum(['easy', 'medium', 'hard'], { error: 'must be easy, medium or hard' });
// Ranges match the habits_minutes_range / habits_duration_range check constraints.
const zMinutes = z
  .number({ error: 'must be a number of minutes' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(1440, { error: 'must be at most 1440' });
const zDays = z
  .number({ error: 'must be a number of days' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(366, { error: 'must be at most 366' });
const zTips = z
  .array(zName, { error: 'must be a list of tips' })
  .max(HABIT_TIPS_MAX, { error: `must list at most ${HABIT_TIPS_MAX} tips` });

const atLeastOne = (body: Record<string, unknown>) => Object.values(body).some((value) => value !== undefined);
const NOTHING_TO_CHANGE = 'must change at least one field';

// An item's texts in other languages than its programme's default, by locale, as stored
// (docs/domain/programme-content.md#languages).
const zStoredTranslations = z.record(
  z.string(),
  z.object({
    name: z.string().optional(),
    description: z.string().optional(),
    intro_content: z.string().optional(),
    instructions: z.string().optional(),
    category: z.string().optional(),
    tips: z.array(z.string()).optional(),
  }),
) as unknown as z.ZodType<TContentTranslations>;

// A change of an item's translations: per locale, its texts in that language (replacing those it
// had), or null to remove the locale's translation. Other locales are left as they are.
const zTranslationChanges = (kind: TContentKind) =>
  z
    .partialRecord(z.enum(SUPPORTED_LOCALES), zContentTranslation(kind).nullable(), {
      error: `must map supported locales (${SUPPORTED_LOCALES.join(', ')}) to texts`,
    })
    .optional();

export const ZAdminContentParams = z.object({ id: z.uuid({ error: 'must be an id (UUID)' }) });

export const ZAdminPositiveChange = z.object({
  id: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  translations: zStoredTranslations,
});
export type TAdminPositiveChange = z.infer<typeof ZAdminPositiveChange>;

export const ZAdminHabit = z.object({
  id: z.uuid(),
  behaviour_id: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  difficulty: zDifficulty,
  estimated_time_minutes: z.number().int(),
  default_duration_days: z.number().int(),
  tips: z.array(z.string()),
  // A retired habit is no longer offered; those who have it keep it.
  retired: z.boolean(),
  retired_at: z.iso.datetime().nullable(),
  positive_changes: z.array(ZAdminPositiveChange),
  translations: zStoredTranslations,
});
export type TAdminHabit = z.infer<typeof ZAdminHabit>;

export const ZAdminBehaviourFields = z.object({
  id: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  translations: zStoredTranslations,
});
export const ZAdminBehaviour = ZAdminBehaviourFields.extend({ habits: z.array(ZAdminHabit) });
export type TAdminBehaviour = z.infer<typeof ZAdminBehaviour>;

export const ZAdminModule = z.object({
  id: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  translations: zStoredTranslations,
});
export type TAdminModule = z.infer<typeof ZAdminModule>;

export const ZAdminProgrammeSummary = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  // Sanitised HTML (docs/domain/programme-content.md#introduction-content).
  intro_content: z.string().nullable(),
  starts_at: z.iso.datetime().nullable(),
  // The language of the texts above; translations give them in others.
  default_locale: z.string(),
  translations: zStoredTranslations,
});
export type TAdminProgrammeSummary = z.infer<typeof ZAdminProgrammeSummary>;

// GET /admin/programmes — the organisation's programmes, by name.
export const ZListAdminProgrammesResponse = z.array(ZAdminProgrammeSummary);

// GET /admin/programmes/{id} — everything in the programme, retired habits included.
export const ZAdminProgramme = ZAdminProgrammeSummary.extend({
  modules: z.array(ZAdminModule),
  behaviours: z.array(ZAdminBehaviour),
});
export type TAdminProgramme = z.infer<typeof ZAdminProgramme>;

// PATCH /admin/programmes/{id} — intro_content is HTML, sanitised as the programme file's is.
export const ZUpdateProgrammeRequest = z
  .strictObject({
    name: zName.optional(),
    description: zText().optional(),
    intro_content: zText(INTRO_CONTENT_MAX).optional(),
    translations: zTranslationChanges('programme'),
  })
  .refine(atLeastOne, { error: NOTHING_TO_CHANGE });
export type TUpdateProgrammeRequest = z.infer<typeof ZUpdateProgrammeRequest>;

// PATCH /admin/modules/{id}
export const ZUpdateModuleRequest = z
  .strictObject({ name: zName.optional(), translations: zTranslationChanges('module') })
  .refine(atLeastOne, { error: NOTHING_TO_CHANGE });
export type TUpdateModuleRequest = z.infer<typeof ZUpdateModuleRequest>;

// PATCH /admin/behaviours/{id} — a name the programme already uses is 409.
export const ZUpdateBehaviourRequest = z
  .strictObject({
    name: zName.optional(),
    description: zText().optional(),
    translations: zTranslationChanges('behaviour'),
  })
  .refine(atLeastOne, { error: NOTHING_TO_CHANGE });
export type TUpdateBehaviourRequest = z.infer<typeof ZUpdateBehaviourRequest>;

// POST /admin/behaviours/{id}/habits — 201, the habit added last in the behaviour. A name the
// behaviour already uses is 409.
export const ZCreateHabitRequest = z.strictObject({
  name: zName,
  description: zText()
    .optional()
    .transform((value) => value ?? null),
  instructions: zText()
    .optional()
    .transform((value) => value ?? null),
  difficulty: zDifficulty,
  estimated_time_minutes: zMinutes,
  default_duration_days: zDays.default(60),
  tips: zTips.default([]),
});
export type TCreateHabitRequest = z.infer<typeof ZCreateHabitRequest>;

// PATCH /admin/habits/{id} — a new default duration applies to habits chosen from then on.
export const ZUpdateHabitRequest = z
  .strictObject({
    name: zName.optional(),
    description: zText().optional(),
    instructions: zText().optional(),
    difficulty: zDifficulty.optional(),
    estimated_time_minutes: zMinutes.optional(),
    default_duration_days: zDays.optional(),
    tips: zTips.optional(),
    translations: zTranslationChanges('habit'),
  })
  .refine(atLeastOne, { error: NOTHING_TO_CHANGE });
export type TUpdateHabitRequest = z.infer<typeof ZUpdateHabitRequest>;

// POST /admin/habits/{id}/retire and /restore answer the habit; doing either twice changes nothing.

// PATCH /admin/positive-changes/{id} — a name the habit already uses is 409.
export const ZUpdatePositiveChangeRequest = z
  .strictObject({
    name: zName.optional(),
    description: zText().optional(),
    category: zName.optional(),
    translations: zTranslationChanges('positive_change'),
  })
  .refine(atLeastOne, { error: NOTHING_TO_CHANGE });
export type TUpdatePositiveChangeRequest = z.infer<typeof ZUpdatePositiveChangeRequest>;

// POST /admin/programmes/imports — a programme file (YAML, docs/operations/importing.md) of the
// administrator's organisation. With dry_run the import runs and is rolled back, answering what it
// would change. A file with problems, or naming another organisation, is 400 with the problems
// (`problems` in the error body) and nothing is written.
export const ZImportProgrammeRequest = z.strictObject({
  source: z
    .string({ error: 'must be the file as text' })
    .min(1, { error: 'must not be empty' })
    .max(PROGRAMME_FILE_MAX, { error: `must be at most ${PROGRAMME_FILE_MAX} characters` }),
  file_name: zPlainText().trim().min(1).max(200).optional(),
  dry_run: z.boolean({ error: 'must be true or false' }).default(true),
});
export type TImportProgrammeRequest = z.infer<typeof ZImportProgrammeRequest>;

export const ZImportCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

export const ZImportProgrammeResponse = z.object({
  dry_run: z.boolean(),
  programme_id: z.uuid().nullable(),
  programme_slug: z.string(),
  programme: ZImportCounts,
  modules: ZImportCounts.extend({ removed: z.number().int() }),
  behaviours: ZImportCounts,
  habits: ZImportCounts,
  positive_changes: ZImportCounts,
});
export type TImportProgrammeResponse = z.infer<typeof ZImportProgrammeResponse>;

// The 400 body when the file has problems (line is 1-based; path is the field inside the file).
export const ZImportProblem = z.object({ line: z.number().int(), path: z.string(), message: z.string() });
