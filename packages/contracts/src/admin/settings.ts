import { z } from 'zod';
import { ZLocale } from '../common/locale-field.ts';

// The organisation's settings in the administration console (issue 21, decision 018):
// GET /admin/settings and PUT /admin/settings. The name is read only (the people file owns it).
export const SETTINGS_LIST_MAX = 50;

// A Microsoft Entra ID (Azure AD) tenant id: a GUID, stored lower-case.
export const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// An e-mail domain: dot-separated labels of letters, digits and inner hyphens, ending in a
// top-level domain of letters (or its punycode form, xn--…).
export const EMAIL_DOMAIN =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

const unique = (values: string[]) => new Set(values).size === values.length;

export const ZAdminSettings = z.object({
  organisation_id: z.uuid(),
  name: z.string(),
  azure_tenant_ids: z.array(z.string()),
  email_domains: z.array(z.string()),
  default_cohort_id: z.uuid().nullable(),
  // Days until notes, moods and endorsement messages are deleted; null keeps everything
  // (changed by PUT /admin/settings/retention, admin/retention.ts).
  retention_days: z.number().int().nullable(),
  // The language of people who chose none, whose directory gave none and whose browser asks for none
  // HabiTrack speaks (changed by PUT /admin/settings/default-locale, docs/domain/locales.md).
  default_locale: ZLocale,
});
export type TAdminSettings = z.infer<typeof ZAdminSettings>;

// PUT /admin/settings — replaces all three. Tenant ids and domains are trimmed and lower-cased,
// must have their shape and be listed once. An e-mail domain another organisation already trusts
// is 409 (sign-in places a new account by its domain). The default cohort must be one of the
// organisation's cohorts (else 404), or null.
export const ZUpdateSettingsRequest = z.strictObject({
  azure_tenant_ids: z
    .array(
      z
        .string({ error: 'must be text' })
        .trim()
        .toLowerCase()
        .regex(TENANT_ID, { error: 'must be a tenant id (GUID)' }),
      { error: 'must be a list of tenant ids' },
    )
    .max(SETTINGS_LIST_MAX, { error: `must list at most ${SETTINGS_LIST_MAX} tenant ids` })
    .refine(unique, { error: 'must not list a tenant id twice' }),
  email_domains: z
    .array(
      z
        .string({ error: 'must be text' })
        .trim()
        .toLowerCase()
        .regex(EMAIL_DOMAIN, { error: 'must be a domain name such as example.com' }),
      { error: 'must be a list of domain names' },
    )
    .max(SETTINGS_LIST_MAX, { error: `must list at most ${SETTINGS_LIST_MAX} domains` })
    .refine(unique, { error: 'must not list a domain twice' }),
  default_cohort_id: z.uuid({ error: 'must be a cohort id (UUID) or null' }).nullable(),
});
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

// PUT /admin/settings/default-locale: the organisation's default language. A locale HabiTrack does
// not speak is 400 and changes nothing.
export const ZUpdateDefaultLocaleRequest = z.strictObject({ default_locale: ZLocale });
export type TUpdateDefaultLocaleRequest = z.infer<typeof ZUpdateDefaultLocaleRequest>;
