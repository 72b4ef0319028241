import { acceptedLanguages, matchLocale, type TSupportedLocale } from '@habitrack/contracts/common/locales';
import { scimInvalidValue } from '../../lib/scim-error.ts';
import { attributeOf, isObject } from './patch.ts';

// The values of a User resource's attributes as a directory sends them, read and checked one by
// one (user-mapping.ts sets them on the draft).

// A single value sent as a one-element multi-valued list (`[{"value": "x"}]`), as older Entra ID
// jobs send some single-valued attributes, is that value.
function single(value: unknown): unknown {
  if (Array.isArray(value) && value.length === 1 && isObject(value[0]) && 'value' in value[0]) return value[0].value;
  return value;
}

export function text(raw: unknown, attribute: string, max = 200): string | null {
  const value = single(raw);
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw scimInvalidValue(`${attribute} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw scimInvalidValue(`${attribute} is longer than ${max} characters`);
  return trimmed === '' ? null : trimmed;
}

export function boolean(raw: unknown, attribute: string): boolean {
  const value = single(raw);
  if (typeof value === 'boolean') return value;
  // Entra ID sends "True" / "False" as strings.
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw scimInvalidValue(`${attribute} must be a boolean`);
}

// preferredLanguage is a list in the form of Accept-Language (RFC 7643 §4.1.1, "en-US, fr;q=0.5"):
// the first language HabiTrack speaks, matched by its language when the exact locale is not
// shipped ("de-AT" is German, de-DE); null when none is spoken.
export function preferredLocaleOf(value: string | null): TSupportedLocale | null {
  for (const tag of acceptedLanguages(value ?? undefined)) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}

// locale is one language tag ("en-US"), matched the same way.
export const localeOf = (value: string | null): TSupportedLocale | null =>
  value === null ? null : (matchLocale(value) ?? null);

// An e-mail address as a directory's userName or emails value holds one.
export const EMAIL = /^[^@\s]+@[^@\s]+$/;

// The address `emails` gives: the whole list (its primary, else its work address, else its first)
// or one address by a path such as `emails[type eq "work"].value`. Every value must be an e-mail
// address. It is the e-mail only when userName is not one (fieldsOf).
export function emailOf(path: string, value: unknown, current: string | null): string | null {
  if (value === null) return path === 'emails' ? null : current;
  const items = path === 'emails' ? (Array.isArray(value) ? value : [value]) : [{ value: single(value) }];
  const entries = items.map((item) => {
    const address = isObject(item) ? attributeOf(item, 'value') : item;
    if (typeof address !== 'string' || !EMAIL.test(address.trim())) {
      throw scimInvalidValue('emails must hold e-mail addresses');
    }
    const type = isObject(item) ? attributeOf(item, 'type') : undefined;
    const primary = isObject(item) ? single(attributeOf(item, 'primary')) : undefined;
    return { address: address.trim().toLowerCase(), type, primary: primary === true || primary === 'True' };
  });
  const chosen =
    entries.find((e) => e.primary) ??
    entries.find((e) => typeof e.type === 'string' && e.type.toLowerCase() === 'work') ??
    entries[0];
  return chosen?.address ?? current;
}
