import { z } from 'zod';
import { ZUserRole } from '../auth/get-me.ts';
import { ZLocale } from '../common/locale-field.ts';
import { zPlainText } from '../common/plain-text.ts';

// The administration console's People operations (issue 21, docs/domain/administration.md#people),
// all under /api/v1/admin/people and all scoped to the administrator's own organisation: another
// organisation's ids answer 404.

export const FULL_NAME_MAX = 200;
export const JOB_TITLE_MAX = 200;
export const EMAIL_MAX = 254;
export const PEOPLE_PAGE_SIZE_DEFAULT = 25;
export const PEOPLE_PAGE_SIZE_MAX = 100;
// A bulk upload's source text: room for 5,000 people in YAML with long names (about 1.5 MB).
export const PEOPLE_IMPORT_SOURCE_MAX = 4_000_000;

export const ZPersonStatus = z.enum(['active', 'deactivated']);
export type TPersonStatus = z.infer<typeof ZPersonStatus>;

export const ZPersonParams = z.object({ id: z.uuid({ error: 'must be a person id (UUID)' }) });

const zFullName = zPlainText()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(FULL_NAME_MAX, { error: `must be at most ${FULL_NAME_MAX} characters` });

// Optional; blank becomes null so "no job title" is stored one way.
const zJobTitle = zPlainText()
  .trim()
  .max(JOB_TITLE_MAX, { error: `must be at most ${JOB_TITLE_MAX} characters` })
  .nullish()
  .transform((value) => (value ? value : null));

// Stored lower-case (users_email_lower), so the comparison with existing people is exact.
const zEmail = z
  .string({ error: 'must be an e-mail address' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: `must be at most ${EMAIL_MAX} characters` })
  .pipe(z.email({ error: 'must be an e-mail address' }));

const zRole = z.enum(ZUserRole.options, { error: 'must be leader, team_leader or member' });
const zTeamId = z.uuid({ error: 'must be a team id (UUID)' });
const zCohortId = z.uuid({ error: 'must be a cohort id (UUID)' });

const ZNamed = z.object({ id: z.uuid(), name: z.string() });

export const ZAdminPerson = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  job_title: z.string().nullable(),
  role: ZUserRole,
  is_admin: z.boolean(),
  team: ZNamed.nullable(),
  cohort: ZNamed.nullable(),
  status: ZPersonStatus,
  deactivated_at: z.iso.datetime().nullable(),
  // An erased person (a data-protection request) shows as "Former member" and is deactivated.
  erased: z.boolean(),
  // The language the organisation gives them (users.directory_locale: SCIM, the people file or the
  // console), null when it gives none; their own choice, if any, still comes first
  // (docs/domain/locales.md).
  directory_locale: ZLocale.nullable(),
});
export type TAdminPerson = z.infer<typeof ZAdminPerson>;

// GET /admin/people: search (`q`, a case-insensitive part of the name or e-mail), filters, pages
// (1-based) ordered by name then id.
export const ZListPeopleQuery = z.object({
  q: zPlainText().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  role: zRole.optional(),
  cohort_id: zCohortId.optional(),
  team_id: zTeamId.optional(),
  status: z.enum(ZPersonStatus.options, { error: 'must be active or deactivated' }).optional(),
  page: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(1_000_000, { error: 'is too large' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: `must be from 1 to ${PEOPLE_PAGE_SIZE_MAX}` })
    .max(PEOPLE_PAGE_SIZE_MAX, { error: `must be from 1 to ${PEOPLE_PAGE_SIZE_MAX}` })
    .default(PEOPLE_PAGE_SIZE_DEFAULT),
});
export type TListPeopleQuery = z.infer<typeof ZListPeopleQuery>;

export const ZListPeopleResponse = z.object({
  items: z.array(ZAdminPerson),
  // How many people match the search and filters, over all pages.
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type TListPeopleResponse = z.infer<typeof ZListPeopleResponse>;

// GET /admin/people/{id}
export const ZGetPersonResponse = ZAdminPerson;

// POST /admin/people: invite one person. 201 with the person; an invitation e-mail with the
// sign-in link is queued. An e-mail already in use answers 409.
export const ZInvitePersonRequest = z.strictObject({
  email: zEmail,
  full_name: zFullName,
  role: zRole.default('member'),
  job_title: zJobTitle,
  team_id: zTeamId.nullish(),
  cohort_id: zCohortId.nullish(),
  is_admin: z.boolean({ error: 'must be true or false' }).default(false),
});
export type TInvitePersonRequest = z.input<typeof ZInvitePersonRequest>;
export const ZInvitePersonResponse = ZAdminPerson;

// PATCH /admin/people/{id}: the fields sent are changed, the others kept. `team_id` or
// `cohort_id` null takes the person out of their team or cohort; a cohort id moves them there.
// Taking the right from the organisation's last administrator answers 409.
export const ZUpdatePersonRequest = z
  .strictObject({
    full_name: zFullName.optional(),
    job_title: zJobTitle.optional(),
    role: zRole.optional(),
    team_id: zTeamId.nullable().optional(),
    cohort_id: zCohortId.nullable().optional(),
    is_admin: z.boolean({ error: 'must be true or false' }).optional(),
    directory_locale: ZLocale.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'must change at least one field' });
export type TUpdatePersonRequest = z.input<typeof ZUpdatePersonRequest>;
export const ZUpdatePersonResponse = ZAdminPerson;

// POST /admin/people/{id}/deactivate and /reactivate (no body; idempotent). Deactivating the
// organisation's last active administrator answers 409.
export const ZDeactivatePersonResponse = ZAdminPerson;
export const ZReactivatePersonResponse = ZAdminPerson;

// POST /admin/people/{id}/erase (no body): irreversible. Erasing someone already erased answers 409.
export const ZErasePersonResponse = ZAdminPerson;

// POST /admin/people/imports: the people file the import command reads (YAML), or a CSV with
// one person per line (docs/operations/importing.md). With dry_run the whole import runs and is
// rolled back, so the answer previews what applying it will do.
export const ZImportPeopleRequest = z.strictObject({
  format: z.enum(['yaml', 'csv'], { error: 'must be yaml or csv' }),
  // Text without control characters (tab and line breaks excepted): PostgreSQL cannot store NUL.
  source: zPlainText()
    .min(1, { error: 'must not be empty' })
    .max(PEOPLE_IMPORT_SOURCE_MAX, { error: `must be at most ${PEOPLE_IMPORT_SOURCE_MAX} characters` }),
  dry_run: z.boolean({ error: 'must be true or false' }),
});
export type TImportPeopleRequest = z.infer<typeof ZImportPeopleRequest>;

export const ZImportCounts = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
});
export type TImportCounts = z.infer<typeof ZImportCounts>;

export const ZImportPeopleResponse = z.object({
  // True: nothing was written; the counts are what applying the same file would do now.
  dry_run: z.boolean(),
  organisation_slug: z.string(),
  counts: z.object({
    organisation: ZImportCounts,
    teams: ZImportCounts,
    users: ZImportCounts,
    // created = newly linked as a team's manager.
    team_managers: ZImportCounts,
    cohorts: ZImportCounts,
    // created = joined a cohort, updated = moved from another cohort.
    cohort_members: ZImportCounts,
  }),
});
export type TImportPeopleResponse = z.infer<typeof ZImportPeopleResponse>;

// 400 when the file has problems: nothing is written. `line` is 1-based in the source; `path` is
// the field (YAML: `users[3].email`; CSV: the column name), '' when not about one field.
export const ZImportProblem = z.object({ line: z.number().int(), path: z.string(), message: z.string() });
export const ZImportPeopleProblems = z.object({
  detail: z.string(),
  problems: z.array(ZImportProblem),
});
export type TImportPeopleProblems = z.infer<typeof ZImportPeopleProblems>;
