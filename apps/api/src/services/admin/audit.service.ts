import { resolveLocale } from '@habitrack/contracts/common/locales';
import {
  AUDIT_PAGE_SIZE,
  type TAuditEntry,
  type TAuditFilters,
  type TAuditPage,
  type TAuditQuery,
} from '@habitrack/contracts/admin/audit';
import { findLocaleSources } from '../../db/queries/identity/locales.ts';
import { countAudit, listAudit, type AuditFilter, type AuditRow } from '../../db/queries/admin/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Admin } from './admin.ts';
import { auditCsv } from './audit-csv.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// The audit log, read only (decision 018): the database refuses UPDATE and DELETE on it, and no
// operation offers either. Only the administrator's own organisation's entries.
function filterOf(admin: Admin, query: TAuditFilters): AuditFilter {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from > to) throw badRequest('Invalid request: querystring.from must not be after to');
  return {
    organisationId: admin.organisationId,
    q: query.q || undefined,
    action: query.action || undefined,
    actorId: query.actor,
    from,
    to,
  };
}

function actorOf(row: AuditRow): TAuditEntry['actor'] {
  if (row.actorUserId) return { kind: 'user', id: row.actorUserId, name: row.actorUserName ?? 'Unknown user' };
  if (row.actorTokenId) {
    return { kind: 'token', id: row.actorTokenId, name: row.actorTokenPrefix ?? 'Unknown SCIM token' };
  }
  return { kind: 'system', id: null, name: 'Server command' };
}

const toEntry = (row: AuditRow): TAuditEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actor: actorOf(row),
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
});

export async function listAuditPage(
  database: AppDatabase,
  options: { admin: Admin; query: TAuditQuery },
): Promise<TAuditPage> {
  const db = database.db;
  const filter = filterOf(options.admin, options.query);
  const page = options.query.page;
  const rows = await listAudit(db, { filter, offset: (page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE });
  const total = await countAudit(db, filter);
  return { entries: rows.map(toEntry), total, page, page_size: AUDIT_PAGE_SIZE };
}

// Every matching entry, newest first, as CSV (audit-csv.ts) in the caller's language: their own
// choice, their directory's, the request's Accept-Language, their organisation's default.
export async function exportAuditCsv(
  database: AppDatabase,
  options: { admin: Admin; query: TAuditFilters; acceptLanguage: string | undefined },
): Promise<string> {
  const db = database.db;
  const rows = await listAudit(db, { filter: filterOf(options.admin, options.query) });
  const sources = await findLocaleSources(db, options.admin.id);
  const locale = resolveLocale({
    chosen: sources?.locale,
    directory: sources?.directoryLocale,
    acceptLanguage: options.acceptLanguage,
    organisationDefault: sources?.organisationDefaultLocale,
  });
  return auditCsv(
    locale,
    rows.map((row) => {
      const entry = toEntry(row);
      // The name the log holds; none (the server, an actor since erased) is worded in the export.
      const name = row.actorUserId ? row.actorUserName : row.actorTokenId ? row.actorTokenPrefix : null;
      return { ...entry, actor: { ...entry.actor, name } };
    }),
  );
}
