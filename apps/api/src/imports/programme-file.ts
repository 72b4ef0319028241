import { z } from 'zod';
import { DEFAULT_CONTENT_LOCALE } from '@habitrack/contracts/common/content-translations';
import { isSupportedLocale, SUPPORTED_LOCALES } from '@habitrack/contracts/common/locales';
import type { ImportProblem } from './import-error.ts';
import { findDuplicates, formatVersion, optionalText, requiredText, slug } from './fields.ts';
import { formatPath, parseYamlFile, type FieldPath } from './yaml-file.ts';

// The programme content file (docs/operations/importing.md). Objects are strict: an unknown key
// is almost always a misspelt known one, and silently ignoring it would lose content.

// Each item's texts in other languages, by locale (docs/domain/programme-content.md#languages).
// The locales are checked with the whole file (translationProblems), where the programme's
// default language is known.
const translationsOf = <S extends z.ZodRawShape>(shape: S) => z.record(z.string(), z.strictObject(shape)).default({});

const positiveChange = z.strictObject({
  name: requiredText,
  description: optionalText,
  category: requiredText,
  translations: translationsOf({
    name: requiredText.optional(),
    description: requiredText.optional(),
    category: requiredText.optional(),
  }),
});

const habit = z.strictObject({
  name: requiredText,
  description: optionalText,
  instructions: optionalText,
  difficulty: z.enum(['easy', 'medium', 'hard']),
  // Ranges match the habits_minutes_range / habits_duration_range check constraints.
  estimated_time_minutes: z.number().int().min(1).max(1440),
  default_duration_days: z.number().int().min(1).max(366).default(60),
  tips: z.array(requiredText).default([]),
  positive_changes: z.array(positiveChange).default([]),
  translations: translationsOf({
    name: requiredText.optional(),
    description: requiredText.optional(),
    instructions: requiredText.optional(),
    tips: z.array(requiredText).optional(),
  }),
});

const behaviour = z.strictObject({
  name: requiredText,
  description: optionalText,
  habits: z.array(habit).min(1, 'a behaviour needs at least one habit'),
  translations: translationsOf({ name: requiredText.optional(), description: requiredText.optional() }),
});

const startsAt = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with a time zone, e.g. 2027-03-01T09:00:00Z' })
  .transform((v) => new Date(v))
  .nullable()
  .default(null);

export const ProgrammeFileSchema = z.strictObject({
  version: formatVersion,
  organisation: z.strictObject({ slug, name: requiredText }),
  programme: z.strictObject({
    slug,
    name: requiredText,
    description: optionalText,
    intro_content: optionalText,
    starts_at: startsAt,
    // The language of the file's main texts.
    default_locale: z
      .enum(SUPPORTED_LOCALES, { error: `must be one of ${SUPPORTED_LOCALES.join(', ')}` })
      .default(DEFAULT_CONTENT_LOCALE),
    modules: z.array(requiredText).min(1, 'a programme needs at least one module'),
    translations: translationsOf({
      name: requiredText.optional(),
      description: requiredText.optional(),
      intro_content: requiredText.optional(),
      // The module names in order, as many as the programme has.
      modules: z.array(requiredText).optional(),
    }),
  }),
  behaviours: z.array(behaviour).min(1, 'a programme needs at least one behaviour'),
});

export type ProgrammeFile = z.output<typeof ProgrammeFileSchema>;

// Natural keys must be unique inside the file, or a re-import could not tell which row is which.
function duplicateNames(file: ProgrammeFile) {
  const found = [
    ...findDuplicates(
      file.programme.modules,
      (m) => m,
      (i) => ['programme', 'modules', i],
    ),
    ...findDuplicates(
      file.behaviours,
      (b) => b.name,
      (i) => ['behaviours', i, 'name'],
    ),
  ];
  file.behaviours.forEach((b, bi) => {
    found.push(
      ...findDuplicates(
        b.habits,
        (h) => h.name,
        (i) => ['behaviours', bi, 'habits', i, 'name'],
      ),
    );
    b.habits.forEach((h, hi) => {
      const at = (i: number) => ['behaviours', bi, 'habits', hi, 'positive_changes', i, 'name'];
      found.push(...findDuplicates(h.positive_changes, (c) => c.name, at));
    });
  });
  return found;
}

type Found = { path: FieldPath; message: string };

// A translation must be into a shipped locale other than the default, and may only translate what
// the item has: a text it lacks, or a module or tip past the end of its list, does not exist.
function translationProblems(file: ProgrammeFile): Found[] {
  const found: Found[] = [];
  const defaultLocale = file.programme.default_locale;
  const check = (
    item: { translations: Record<string, Record<string, unknown>> } & Record<string, unknown>,
    at: FieldPath,
    what: string,
  ) => {
    for (const [locale, translation] of Object.entries(item.translations)) {
      const path = [...at, 'translations', locale];
      if (!isSupportedLocale(locale)) {
        found.push({
          path,
          message: `${locale} is not a supported locale; use one of ${SUPPORTED_LOCALES.join(', ')}`,
        });
        continue;
      }
      if (locale === defaultLocale) {
        found.push({
          path,
          message: `${locale} is the programme's default language: its texts are the main ones, not a translation`,
        });
        continue;
      }
      for (const [field, value] of Object.entries(translation)) {
        if (value === undefined) continue;
        const main = field === 'modules' ? file.programme.modules : item[field];
        if (main === null || main === undefined) {
          found.push({ path: [...path, field], message: `translates ${field}, which this ${what} does not have` });
        } else if (Array.isArray(value) && Array.isArray(main) && value.length !== main.length) {
          found.push({
            path: [...path, field],
            message: `lists ${value.length} ${field} but the ${what} has ${main.length}; translate each one, in order`,
          });
        }
      }
    }
  };
  check(file.programme, ['programme'], 'programme');
  file.behaviours.forEach((b, bi) => {
    check(b, ['behaviours', bi], 'behaviour');
    b.habits.forEach((h, hi) => {
      check(h, ['behaviours', bi, 'habits', hi], 'habit');
      h.positive_changes.forEach((c, ci) =>
        check(c, ['behaviours', bi, 'habits', hi, 'positive_changes', ci], 'positive change'),
      );
    });
  });
  return found;
}

export function parseProgrammeFile(options: { source: string; fileName: string }) {
  const file = parseYamlFile({ ...options, schema: ProgrammeFileSchema });
  const problems: ImportProblem[] = [
    ...duplicateNames(file.data).map((d) =>
      file.problemAt(d.path, `repeats ${formatPath(d.firstPath)}; names must be unique here`),
    ),
    ...translationProblems(file.data).map((f) => file.problemAt(f.path, f.message)),
  ];
  return { ...file, problems };
}
