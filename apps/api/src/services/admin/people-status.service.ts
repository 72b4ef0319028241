import { randomUUID } from 'node:crypto';
import type { TAdminPerson } from '@habitrack/contracts/admin/people';
import type { Db } from '../../db/client.ts';
import {
  erasePerson as eraseRow,
  updatePerson as updateRow,
  type AdminPersonRow,
} from '../../db/queries/admin/people.ts';
import { audit, erasedRefusal, personOf, refusingConflicts, toPerson } from './person.ts';
import type { Admin } from './admin.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// The console's deactivation, reactivation and erasure of a person (issue 21,
// docs/domain/administration.md#deactivation and docs/domain/administration.md#erasure), each one
// transaction with its audit row.

async function setStatus(db: Db, options: { admin: Admin; id: string; active: boolean; now: Date }) {
  const { admin } = options;
  const action = options.active ? 'person.reactivate' : 'person.deactivate';
  let locked: AdminPersonRow | null = null;
  return refusingConflicts(
    () =>
      db.transaction(async (tx) => {
        const before = await personOf(tx, admin, options.id, true);
        locked = before;
        const isActive = before.deactivatedAt === null;
        if (isActive === options.active) return toPerson(before);
        if (options.active && before.erasedAt) throw erasedRefusal('an erased person cannot be reactivated');
        await updateRow(tx, { userId: before.id, changes: { deactivatedAt: options.active ? null : options.now } });
        const after = await personOf(tx, admin, before.id);
        await audit(tx, admin, {
          action,
          userId: before.id,
          before: { deactivated_at: before.deactivatedAt?.toISOString() ?? null },
          after: { deactivated_at: after.deactivatedAt?.toISOString() ?? null },
        });
        return toPerson(after);
      }),
    { person: () => locked },
  );
}

export const deactivatePerson = (database: AppDatabase, options: { admin: Admin; id: string; now: Date }) =>
  setStatus(database.db, { ...options, active: false });
export const reactivatePerson = (database: AppDatabase, options: { admin: Admin; id: string; now: Date }) =>
  setStatus(database.db, { ...options, active: true });

// Irreversible; a second erasure answers 409 (docs/domain/administration.md#erasure). The audit row
// says that it happened, by whom and how much was removed, never the erased values.
export async function erasePerson(
  database: AppDatabase,
  options: { admin: Admin; id: string; now: Date },
): Promise<TAdminPerson> {
  const db = database.db;
  const { admin } = options;
  let locked: AdminPersonRow | null = null;
  return refusingConflicts(
    () =>
      db.transaction(async (tx) => {
        const before = await personOf(tx, admin, options.id, true);
        locked = before;
        if (before.erasedAt) throw erasedRefusal('an erasure cannot be repeated');
        const removed = await eraseRow(tx, {
          organisationId: admin.organisationId,
          userId: before.id,
          oldEmail: before.email,
          erasedEmail: `erased-${randomUUID()}@erased.invalid`,
          now: options.now,
        });
        const after = await personOf(tx, admin, before.id);
        await audit(tx, admin, {
          action: 'person.erase',
          userId: before.id,
          before: { erased: false, status: before.deactivatedAt === null ? 'active' : 'deactivated' },
          after: {
            erased: true,
            status: 'deactivated',
            notes_removed: removed.notes,
            endorsement_messages_removed: removed.endorsementMessages,
            identities_unlinked: removed.identities,
            emails_removed: removed.emails,
            audit_rows_redacted: removed.auditRows,
          },
        });
        return toPerson(after);
      }),
    { person: () => locked },
  );
}
