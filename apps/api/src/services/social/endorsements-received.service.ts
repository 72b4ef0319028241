import {
  INVALID_CURSOR,
  type TListEndorsementsReceivedQuery,
  type TListEndorsementsReceivedResponse,
} from '@habitrack/contracts/social/list-endorsements-received';
import {
  NOT_YOUR_ENDORSEMENT,
  type TMarkEndorsementsSeenResponse,
} from '@habitrack/contracts/social/mark-endorsements-seen';
import {
  findReceivedSummary,
  listReceivedEndorsements,
  markReceivedSeen,
  type ReceivedPosition,
} from '../../db/queries/social/endorsements-received.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// Only the member endorsed ever sees their endorsements: who, when, message
// (docs/domain/standings-and-endorsements.md#endorsements-received).
// The list is read with keyset pages (newest first), so a page costs the same however far back it
// is, and an endorsement arriving while the member pages never shifts the pages already read.
export async function listEndorsementsReceived(
  database: AppDatabase,
  options: { userId: string; query: TListEndorsementsReceivedQuery },
): Promise<TListEndorsementsReceivedResponse> {
  const db = database.db;
  const { userId, query } = options;
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const [rows, summary] = await Promise.all([
    listReceivedEndorsements(db, { userId, after, limit: query.page_size + 1 }),
    findReceivedSummary(db, userId),
  ]);
  const page = rows.slice(0, query.page_size);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      endorser: { id: row.endorserId, full_name: row.endorserName },
      message: row.message,
      endorsed_on: row.endorsedOn,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > page.length && last ? encodeCursor(last.position) : null,
    total: summary.total_received,
    seen_at: summary.seenAt?.toISOString() ?? null,
    new_since_last_visit: summary.new_since_last_visit,
  };
}

// The member opened their endorsements page and saw them up to `newestSeenId` (the newest it
// showed): the dashboard's "new since your last visit" counts from there. Never moves back.
export async function markEndorsementsSeen(
  database: AppDatabase,
  options: { userId: string; newestSeenId: string },
): Promise<TMarkEndorsementsSeenResponse> {
  const db = database.db;
  const seenAt = await markReceivedSeen(db, { userId: options.userId, endorsementId: options.newestSeenId });
  if (!seenAt) throw notFound(NOT_YOUR_ENDORSEMENT);
  const summary = await findReceivedSummary(db, options.userId);
  return { seen_at: seenAt.toISOString(), new_since_last_visit: summary.new_since_last_visit };
}

// The cursor is base64url of "<created_at to the microsecond, UTC>|<id>".
const CURSOR_SHAPE =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(position: ReceivedPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): ReceivedPosition {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = CURSOR_SHAPE.exec(text);
  const at = match?.[1];
  const id = match?.[2];
  if (!at || !id || !isRealInstant(at)) {
    throw badRequest(`Invalid request: querystring.${INVALID_CURSOR}`);
  }
  return { at, id };
}

// The date and time must survive a round trip: no 2026-02-30, no 25:00.
function isRealInstant(at: string): boolean {
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 23) === at.slice(0, 23);
}
