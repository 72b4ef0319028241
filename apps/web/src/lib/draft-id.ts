// A text id longer than 10 characters is a record the server already holds (the API hands out
// UUIDs); a numeric id is a row added in this form and not yet saved
// (docs/domain/leaders-goals-kpis.md#draft-ids). Goals, departments and KPIs all follow it.
export type TDraftId = string | number;

const STORED_ID_MIN_LENGTH = 11;

export function isStoredId(id: TDraftId): boolean {
  return typeof id === 'string' && id.length >= STORED_ID_MIN_LENGTH;
}

// The server's id when the row is stored, else null (not a type guard: a short text is not stored either).
export function storedIdOf(id: TDraftId): string | null {
  return typeof id === 'string' && isStoredId(id) ? id : null;
}

let lastTempId = 0;

// Date.now() as the temporary id (docs/domain/leaders-goals-kpis.md#draft-ids), bumped when two
// rows are added within one millisecond so every new row still has its own key.
export function nextTempId(now: number = Date.now()): number {
  lastTempId = Math.max(now, lastTempId + 1);
  return lastTempId;
}
