import { stringify } from 'csv-stringify/sync';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  type TAuditEntry,
  type TAuditFilters,
  type TAuditPage,
  type TAuditQuery,
} from '@habitrack/contracts/admin/audit';
import { countAudit, listAudit, type AuditFilter, type AuditRow } from '../../db/queries/admin/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Admin } from './admin.ts';
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

// Every matching entry, newest first, as CSV with a header row (UTF-8 with a byte order mark);
// before and after as JSON text. A cell that starts with = + - @ (or a tab or carriage return) is
// prefixed with ' so a spreadsheet shows it rather than running it as a formula.
export async function exportAuditCsv(
  database: AppDatabase,
  options: { admin: Admin; query: TAuditFilters },
): Promise<string> {
  const db = database.db;
  const rows = await listAudit(db, { filter: filterOf(options.admin, options.query) });
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  return stringify(
    rows.map(toEntry).map((e) => ({
      id: e.id,
      at: e.at,
      actor_kind: e.actor.kind,
      actor_id: e.actor.id ?? '',
      actor_name: e.actor.name,
      action: e.action,
      entity: e.entity,
      entity_id: e.entity_id,
      before: json(e.before),
      after: json(e.after),
    })),
    { header: true, columns: [...AUDIT_CSV_COLUMNS], bom: true, escape_formulas: true },
  );
}
