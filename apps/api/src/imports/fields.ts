import { z } from 'zod';
import type { FieldPath } from './yaml-file.ts';

// Field types shared by the programme and people files.

// Same rule as the organisations_slug_format check constraint, reported before the database would.
export const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must use lower-case letters, digits and hyphens, e.g. acme-corp');

export const requiredText = z.string().trim().min(1, 'must not be empty');

// Optional prose: a missing, null or blank value is stored as null, so "" and absent mean the same.
export const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

// A file format version, so a later incompatible format can be told apart from this one.
export const formatVersion = z.literal(1, 'only version 1 of this file format exists').default(1);

export type Duplicate = { path: FieldPath; firstPath: FieldPath };

// Finds entries whose key repeats an earlier one (compared case-insensitively, because two names
// differing only in case are almost always a typo, not two different things).
export function findDuplicates<T>(items: readonly T[], key: (item: T) => string, at: (index: number) => FieldPath) {
  const seen = new Map<string, number>();
  const duplicates: Duplicate[] = [];
  items.forEach((item, index) => {
    const k = key(item).toLowerCase();
    const first = seen.get(k);
    if (first === undefined) seen.set(k, index);
    else duplicates.push({ path: at(index), firstPath: at(first) });
  });
  return duplicates;
}
