import { z } from 'zod';
import type { ImportProblem } from './import-error.ts';
import { findDuplicates, formatVersion, optionalText, requiredText, slug } from './fields.ts';
import { formatPath, parseYamlFile } from './yaml-file.ts';

// The programme content file (docs/operations/importing.md). Objects are strict: an unknown key
// is almost always a misspelt known one, and silently ignoring it would lose content.
const positiveChange = z.strictObject({
  name: requiredText,
  description: optionalText,
  category: requiredText,
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
});

const behaviour = z.strictObject({
  name: requiredText,
  description: optionalText,
  habits: z.array(habit).min(1, 'a behaviour needs at least one habit'),
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
    modules: z.array(requiredText).min(1, 'a programme needs at least one module'),
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

export function parseProgrammeFile(options: { source: string; fileName: string }) {
  const file = parseYamlFile({ ...options, schema: ProgrammeFileSchema });
  const problems: ImportProblem[] = duplicateNames(file.data).map((d) =>
    file.problemAt(d.path, `repeats ${formatPath(d.firstPath)}; names must be unique here`),
  );
  return { ...file, problems };
}
