import type { TContentTranslation, TContentTranslations } from '@habitrack/contracts/common/content-translations';
import type { ProgrammeFile } from './programme-file.ts';
import { sanitizeIntroContent } from './sanitize-intro.ts';

// A programme file's translations as the import stores them (import-programme.ts): only the texts
// given (docs/domain/programme-content.md#languages).
export function stored(translations: Record<string, Record<string, unknown>>): TContentTranslations {
  const result: Record<string, TContentTranslation> = {};
  for (const [locale, texts] of Object.entries(translations)) {
    const kept = Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== undefined));
    if (Object.keys(kept).length > 0) result[locale] = kept;
  }
  return result as TContentTranslations;
}

// The programme row's own texts per locale: module names go to the modules, the intro is sanitised.
export function programmeTranslations(p: ProgrammeFile['programme']): TContentTranslations {
  return stored(
    Object.fromEntries(
      Object.entries(p.translations).map(([locale, t]) => [
        locale,
        {
          name: t.name,
          description: t.description,
          intro_content: t.intro_content ? sanitizeIntroContent(t.intro_content) || undefined : undefined,
        },
      ]),
    ),
  );
}

// Module i's name per locale.
export function moduleTranslations(p: ProgrammeFile['programme'], index: number): TContentTranslations {
  return stored(
    Object.fromEntries(Object.entries(p.translations).map(([locale, t]) => [locale, { name: t.modules?.[index] }])),
  );
}
