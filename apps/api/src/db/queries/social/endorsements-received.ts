import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { endorsements, endorsementsSeen, users } from '../../schema/index.ts';

// A keyset position in the newest-first list: an endorsement's created_at (written to the
// microsecond, in UTC) and its id, which breaks ties.
export type ReceivedPosition = { at: string; id: string };

export type ReceivedEndorsementRow = {
  id: string;
  endorserId: string;
  endorserName: string;
  message: string;
  endorsedOn: string;
  createdAt: Date;
  position: ReceivedPosition;
};

const microsecondsUtc = (column: SQL | typeof endorsements.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// The endorsements the member `userId` received, newest first, after `after` when given: at most
// `limit` of them. An index range scan (endorsements_received_idx) whatever the page.
export async function listReceivedEndorsements(
  db: DbOrTx,
  options: { userId: string; after: ReceivedPosition | null; limit: number },
): Promise<ReceivedEndorsementRow[]> {
  const { userId, after, limit } = options;
  const rows = await db
    .select({
      id: endorsements.id,
      endorserId: users.id,
      endorserName: users.fullName,
      message: endorsements.message,
      endorsedOn: endorsements.endorsedOn,
      createdAt: endorsements.createdAt,
      at: microsecondsUtc(endorsements.createdAt),
    })
    .from(endorsements)
    .innerJoin(users, eq(users.id, endorsements.endorserId))
    .where(
      and(
        eq(endorsements.endorsedId, userId),
        after
          ? sql`(${endorsements.createdAt}, ${endorsements.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(endorsements.createdAt), desc(endorsements.id))
    .limit(limit);
  return rows.map(({ at, ...row }) => ({ ...row, position: { at, id: row.id } }));
}

export type EndorsementCounts = { total_received: number; new_since_last_visit: number };

// How many endorsements the member `userId` (a uuid expression) received, and how many of them
// arrived after their marker (all of them before they first open the page), as JSON.
export function endorsementCountsSql(userId: SQL): SQL<EndorsementCounts> {
  return sql<EndorsementCounts>`(select json_build_object('total_received', count(*)::int,
      'new_since_last_visit', (count(*) filter (where e.created_at > coalesce(
        (select es.seen_at from endorsements_seen es where es.user_id = ${userId}), '-infinity'::timestamptz)))::int)
    from endorsements e where e.endorsed_id = ${userId})`;
}

export type ReceivedSummary = EndorsementCounts & { seenAt: Date | null };

export async function findReceivedSummary(db: DbOrTx, userId: string): Promise<ReceivedSummary> {
  const [row] = await db
    .select({ counts: endorsementCountsSql(sql`${users.id}`), seenAt: endorsementsSeen.seenAt })
    .from(users)
    .leftJoin(endorsementsSeen, eq(endorsementsSeen.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return { total_received: 0, new_since_last_visit: 0, seenAt: null };
  return { ...row.counts, seenAt: row.seenAt };
}

// Moves the member's marker up to the endorsement `endorsementId` (never back). Null when that
// endorsement is not one the member received.
export async function markReceivedSeen(
  db: DbOrTx,
  options: { userId: string; endorsementId: string },
): Promise<Date | null> {
  const newest = db
    .select({ userId: endorsements.endorsedId, seenAt: endorsements.createdAt })
    .from(endorsements)
    .where(and(eq(endorsements.id, options.endorsementId), eq(endorsements.endorsedId, options.userId)));
  const [row] = await db
    .insert(endorsementsSeen)
    .select(newest)
    .onConflictDoUpdate({
      target: endorsementsSeen.userId,
      set: { seenAt: sql`greatest(${endorsementsSeen.seenAt}, excluded.seen_at)` },
    })
    .returning({ seenAt: endorsementsSeen.seenAt });
  return row?.seenAt ?? null;
}
