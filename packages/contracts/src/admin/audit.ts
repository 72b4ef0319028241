import { z } from 'zod';
import { zPlainText } from '../common/plain-text.ts';

// The audit log in the administration console (issue 21, decision 018): GET /admin/audit and
// GET /admin/audit/export (text/csv). Read only: no operation edits or deletes an entry.
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_SEARCH_MAX = 200;

// An instant the database can compare with: from 1900 to the end of 9999 in UTC (PostgreSQL has no
// year 0, and an offset can push 9999-12-31 into the year 10000).
const INSTANT_RANGE = [Date.UTC(1900, 0, 1), Date.UTC(10000, 0, 1)] as const;
const zInstant = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-11-27T09:00:00Z' })
  .refine((value) => Date.parse(value) >= INSTANT_RANGE[0] && Date.parse(value) < INSTANT_RANGE[1], {
    error: 'must be between 1900 and 9999 (UTC)',
  });

// Filters shared by the page and the export. `q` is searched (case-insensitively) in the action,
// the entity, the entity id and the actor's name or token prefix; `action` is exact (e.g.
// goal.update); `actor` is a user id or a SCIM token id; `from` and `to` bound the time (inclusive).
export const ZAuditFilters = z.strictObject({
  q: zPlainText()
    .trim()
    .max(AUDIT_SEARCH_MAX, { error: `must be at most ${AUDIT_SEARCH_MAX} characters` })
    .optional(),
  action: zPlainText()
    .trim()
    .max(AUDIT_SEARCH_MAX, { error: `must be at most ${AUDIT_SEARCH_MAX} characters` })
    .optional(),
  actor: z.uuid({ error: 'must be a user or SCIM token id (UUID)' }).optional(),
  from: zInstant.optional(),
  to: zInstant.optional(),
});
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

export const ZAuditQuery = ZAuditFilters.extend({
  page: z.coerce
    .number({ error: 'must be a page number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100000, { error: 'must be at most 100000' })
    .default(1),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

// Who wrote: a person (their current name, "Former member" once erased, or "Unknown user" when
// the account is gone), a SCIM token (its prefix), or the server's own commands (`system`).
export const ZAuditActor = z.object({
  kind: z.enum(['user', 'token', 'system']),
  id: z.uuid().nullable(),
  name: z.string(),
});

export const ZAuditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actor: ZAuditActor,
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

// Newest first, AUDIT_PAGE_SIZE a page; `total` counts every matching entry.
export const ZAuditPage = z.object({
  entries: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

// The export's columns, in order; the header row names them in the caller's language
// (docs/domain/locales-in-mail.md#exports). Cells are CSV-quoted; a cell starting with = + - @
// (or a tab or carriage return) is prefixed with ' so spreadsheets do not run it as a formula.
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_kind',
  'actor_id',
  'actor_name',
  'action',
  'entity',
  'entity_id',
  'before',
  'after',
] as const;
