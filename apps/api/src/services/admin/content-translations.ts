import {
  TRANSLATABLE_FIELDS,
  type TContentKind,
  type TContentTranslation,
  type TContentTranslations,
} from '@habitrack/contracts/common/content-translations';
import { sanitizeIntroContent } from '../../imports/sanitize-intro.ts';
import { badRequest } from '../../lib/errors.ts';

type Changes = Partial<Record<string, TContentTranslation | null>>;

// The console's change of an item's translations (docs/domain/programme-content.md#languages),
// held to the programme file's rules: never into the programme's default language, only texts the
// item has in it, a tip for each of its tips; an introduction is sanitised as the default's is.
// Each locale given replaces that locale's texts (null removes them); the others stay.
export function changedTranslations(options: {
  kind: TContentKind;
  // The item's texts in the default language, as they are after this same change.
  texts: Partial<Record<keyof TContentTranslation, string | string[] | null>>;
  defaultLocale: string;
  current: TContentTranslations;
  changes: Changes | undefined;
}): TContentTranslations | undefined {
  const { kind, texts, defaultLocale, changes } = options;
  if (!changes) return undefined;
  const next: Record<string, TContentTranslation> = { ...(options.current as Record<string, TContentTranslation>) };
  for (const [locale, translation] of Object.entries(changes)) {
    if (translation === undefined) continue;
    if (locale === defaultLocale) {
      throw badRequest(
        `${locale} is the programme's default language: edit the texts themselves rather than a translation.`,
      );
    }
    if (translation === null) {
      delete next[locale];
      continue;
    }
    const kept: TContentTranslation = {};
    for (const field of TRANSLATABLE_FIELDS[kind] as readonly (keyof TContentTranslation)[]) {
      const value = translation[field];
      if (value === undefined) continue;
      const main = texts[field];
      if (main === null || main === undefined) {
        throw badRequest(
          `translations.${locale}.${field}: this ${kind.replace('_', ' ')} has no ${field} to translate.`,
        );
      }
      if (Array.isArray(value) && Array.isArray(main) && value.length !== main.length) {
        throw badRequest(
          `translations.${locale}.${field}: lists ${value.length} but the ${kind.replace('_', ' ')} has ${main.length}; translate each one, in order.`,
        );
      }
      if (field === 'intro_content' && typeof value === 'string') {
        const clean = sanitizeIntroContent(value);
        if (clean) kept.intro_content = clean;
      } else {
        Object.assign(kept, { [field]: value });
      }
    }
    if (Object.keys(kept).length === 0) delete next[locale];
    else next[locale] = kept;
  }
  return next as TContentTranslations;
}
