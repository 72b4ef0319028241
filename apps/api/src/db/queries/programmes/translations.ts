import { sql, type SQL } from 'drizzle-orm';

type Field = 'name' | 'description' | 'instructions' | 'category' | 'intro_content';

// A content text in the member's locale inside a statement: the row's translation into `locale`,
// else its text in the programme's default language (docs/domain/programme-content.md#languages).
// In the same statement as the row, so a member's language adds no round trip. Without a locale,
// the default language's text.
export function inLocale(options: { translations: SQL; field: Field; fallback: SQL; locale?: SQL }): SQL {
  const { translations, field, fallback, locale } = options;
  if (!locale) return fallback;
  return sql`coalesce(${translations} -> (${locale})::text ->> ${sql.raw(`'${field}'`)}, ${fallback})`;
}
