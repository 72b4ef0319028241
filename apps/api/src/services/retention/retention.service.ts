import type { DbOrTx } from '../../db/client.ts';
import {
  claimRun,
  organisationsWithRetention,
  removeEndorsementMessages,
  removeMoods,
  removeNotes,
} from '../../db/queries/retention/retention.ts';
import { auditSystemWrite } from '../audit/audit-trail.ts';

// Retention by policy (docs/domain/retention.md): for each organisation with a retention period,
// once per UTC date, deletes what is past it and writes one audit entry with the counts (never
// the contents). Safe to run on any number of workers at once: the day's claim is inserted in the
// run's own transaction, so exactly one run per organisation and date commits; a run that fails
// rolls its claim back, and the next tick runs it again.

export type RetentionRun = {
  organisationId: string;
  runOn: string;
  notes: number;
  moods: number;
  endorsementMessages: number;
};

export async function runRetentionOnce(db: DbOrTx, options: { now: Date }): Promise<RetentionRun[]> {
  const runOn = options.now.toISOString().slice(0, 10);
  const runs: RetentionRun[] = [];
  for (const organisation of await organisationsWithRetention(db)) {
    const run = await db.transaction(async (tx) => {
      if (!(await claimRun(tx, { organisationId: organisation.id, runOn }))) return null;
      const scope = { organisationId: organisation.id, days: organisation.days, now: options.now };
      const removed: RetentionRun = {
        organisationId: organisation.id,
        runOn,
        notes: await removeNotes(tx, scope),
        moods: await removeMoods(tx, scope),
        endorsementMessages: await removeEndorsementMessages(tx, scope),
      };
      await auditSystemWrite(tx, organisation.id, {
        action: 'retention.run',
        entity: 'organisation',
        entityId: organisation.id,
        after: {
          retention_days: organisation.days,
          run_on: runOn,
          notes_removed: removed.notes,
          moods_removed: removed.moods,
          endorsement_messages_removed: removed.endorsementMessages,
        },
      });
      return removed;
    });
    if (run) runs.push(run);
  }
  return runs;
}
