import { z } from 'zod';
import { SUPPORTED_LOCALES, type TSupportedLocale } from './locales.ts';
import { zPlainText } from './plain-text.ts';

// Programme content in other languages than the programme's default
// (docs/domain/programme-content.md#languages): per locale, the texts of one content item that a
// member reads. The programme file, the console and the stored rows share this shape.

export const DEFAULT_CONTENT_LOCALE: TSupportedLocale = 'en-GB';

// Which texts each kind of content item has; a translation holds only these, and only those the
// item has in its default language.
export const TRANSLATABLE_FIELDS = {
  programme: ['name', 'description', 'intro_content'],
  module: ['name'],
  behaviour: ['name', 'description'],
  habit: ['name', 'description', 'instructions', 'tips'],
  positive_change: ['name', 'description', 'category'],
} as const;

export type TContentKind = keyof typeof TRANSLATABLE_FIELDS;

export type TContentTranslation = {
  name?: string;
  description?: string;
  intro_content?: string;
  instructions?: string;
  category?: string;
  tips?: string[];
};

export type TContentTranslations = Partial<Record<TSupportedLocale, TContentTranslation>>;

const zTranslatedText = zPlainText().trim().min(1, { error: 'must not be empty' }).max(100_000);

// One locale's texts of an item of the given kind: strict, so a misspelt or foreign field is refused.
export function zContentTranslation(kind: TContentKind) {
  const fields = TRANSLATABLE_FIELDS[kind] as readonly string[];
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    shape[field] = field === 'tips' ? z.array(zTranslatedText).optional() : zTranslatedText.optional();
  }
  return z.strictObject(shape) as unknown as z.ZodType<TContentTranslation>;
}

export const zContentLocale = z.enum(SUPPORTED_LOCALES, {
  error: `must be one of the supported locales: ${SUPPORTED_LOCALES.join(', ')}`,
});

type TextField = Exclude<keyof TContentTranslation, 'tips'>;

function translationIn(translations: TContentTranslations | null | undefined, locale: string) {
  return (translations as Record<string, TContentTranslation | undefined> | null | undefined)?.[locale];
}

// The text of a field in a locale, else the default language's.
export function translatedText<T extends string | null>(
  translations: TContentTranslations | null | undefined,
  options: { locale: string; field: TextField; fallback: T },
): string | T {
  return translationIn(translations, options.locale)?.[options.field] ?? options.fallback;
}

export function translatedTips(
  translations: TContentTranslations | null | undefined,
  options: { locale: string; fallback: string[] },
): string[] {
  return translationIn(translations, options.locale)?.tips ?? options.fallback;
}
