import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { emailOutbox } from '../../schema/index.ts';

// nextAttemptAt is the caller's clock (the app's injectable now), so "due" follows one clock.
export type QueuedEmail = Pick<
  typeof emailOutbox.$inferInsert,
  'dedupeKey' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'nextAttemptAt' | 'headers'
>;
export type OutboxRow = typeof emailOutbox.$inferSelect;

// How many were new: a message whose dedupe key is already queued (or sent) is left alone.
export async function queueEmails(db: DbOrTx, messages: QueuedEmail[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await db
    .insert(emailOutbox)
    .values(messages)
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return rows.length;
}

// Claims the next due message in one statement: the row is locked (skipping rows another worker
// holds), then its attempt is counted and it is leased until leaseUntil, so no other worker sees it
// as due meanwhile. If this worker dies mid-send, the message is due again when the lease ends.
export async function claimNextDue(db: DbOrTx, options: { now: Date; leaseUntil: Date }): Promise<OutboxRow | null> {
  const due = db.$with('due').as(
    db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, options.now)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
      .limit(1)
      .for('update', { skipLocked: true }),
  );
  const [row] = await db
    .with(due)
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: options.leaseUntil })
    .where(
      and(
        inArray(emailOutbox.id, db.select({ id: due.id }).from(due)),
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, options.now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markSent(db: DbOrTx, options: { id: string; now: Date }): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: options.now, lastError: null })
    .where(eq(emailOutbox.id, options.id));
}

// After a failed attempt: try again at retryAt, or give up (status failed) when retryAt is null.
export async function markAttemptFailed(
  db: DbOrTx,
  options: { id: string; error: string; retryAt: Date | null },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set(
      options.retryAt
        ? { lastError: options.error, nextAttemptAt: options.retryAt }
        : { lastError: options.error, status: 'failed' },
    )
    .where(eq(emailOutbox.id, options.id));
}
