import { stringify } from 'csv-stringify/sync';
import { AUDIT_CSV_COLUMNS, type TAuditEntry } from '@habitrack/contracts/admin/audit';
import type { TSupportedLocale } from '@habitrack/contracts/common/locales';
import { i18nFor } from '../../lib/i18n/catalogs.ts';
import { textOf, type Message } from '../../lib/i18n/message.ts';

// The audit export as people read it (docs/domain/locales-in-mail.md#exports): the header row and
// the words in the cells (the kind of actor, the names the server gives an actor without one) in
// the caller's language. What a program reads back stays as it is in every language: times in ISO
// 8601 UTC (the header says so), ids, the actions and entities (codes), before and after as JSON.
const HEADERS: Record<(typeof AUDIT_CSV_COLUMNS)[number], Message> = {
  id: /*i18n*/ { id: 'export.audit.column.id', message: 'ID' },
  at: /*i18n*/ { id: 'export.audit.column.at', message: 'Time (UTC)' },
  actor_kind: /*i18n*/ { id: 'export.audit.column.actorKind', message: 'Actor type' },
  actor_id: /*i18n*/ { id: 'export.audit.column.actorId', message: 'Actor ID' },
  actor_name: /*i18n*/ { id: 'export.audit.column.actorName', message: 'Actor' },
  action: /*i18n*/ { id: 'export.audit.column.action', message: 'Action' },
  entity: /*i18n*/ { id: 'export.audit.column.entity', message: 'Record type' },
  entity_id: /*i18n*/ { id: 'export.audit.column.entityId', message: 'Record ID' },
  before: /*i18n*/ { id: 'export.audit.column.before', message: 'Before' },
  after: /*i18n*/ { id: 'export.audit.column.after', message: 'After' },
};
const ACTOR_KINDS: Record<TAuditEntry['actor']['kind'], Message> = {
  user: /*i18n*/ { id: 'export.audit.actorKind.user', message: 'Person' },
  token: /*i18n*/ { id: 'export.audit.actorKind.token', message: 'SCIM token' },
  system: /*i18n*/ { id: 'export.audit.actorKind.system', message: 'System' },
};
const SERVER_COMMAND: Message = /*i18n*/ { id: 'export.audit.actor.serverCommand', message: 'Server command' };
const UNKNOWN_USER: Message = /*i18n*/ { id: 'export.audit.actor.unknownUser', message: 'Unknown user' };
const UNKNOWN_TOKEN: Message = /*i18n*/ { id: 'export.audit.actor.unknownToken', message: 'Unknown SCIM token' };

// An actor as the export names them: the name the log holds, else the locale's words for none.
export type CsvActor = { kind: TAuditEntry['actor']['kind']; id: string | null; name: string | null };

// Every entry as CSV with a header row (UTF-8 with a byte order mark, so spreadsheet programs read
// it as UTF-8). A cell that starts with = + - @ (or a tab or carriage return) is prefixed with ' so
// a spreadsheet shows it rather than running it as a formula.
export function auditCsv(
  locale: TSupportedLocale,
  entries: (Omit<TAuditEntry, 'actor'> & { actor: CsvActor })[],
): string {
  const i18n = i18nFor(locale);
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  const actorName = (actor: CsvActor) => {
    if (actor.name !== null) return actor.name;
    if (actor.kind === 'system') return textOf(i18n, SERVER_COMMAND);
    return textOf(i18n, actor.kind === 'user' ? UNKNOWN_USER : UNKNOWN_TOKEN);
  };
  return stringify(
    entries.map((e) => ({
      id: e.id,
      at: e.at,
      actor_kind: textOf(i18n, ACTOR_KINDS[e.actor.kind]),
      actor_id: e.actor.id ?? '',
      actor_name: actorName(e.actor),
      action: e.action,
      entity: e.entity,
      entity_id: e.entity_id,
      before: json(e.before),
      after: json(e.after),
    })),
    {
      header: true,
      columns: AUDIT_CSV_COLUMNS.map((key) => ({ key, header: textOf(i18n, HEADERS[key]) })),
      bom: true,
      escape_formulas: true,
    },
  );
}
