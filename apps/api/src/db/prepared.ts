import type { DbOrTx } from './client.ts';

// A prepared statement per database, made on its first use: parsed and planned once per
// connection (PostgreSQL) or once for the process (PGlite), not per request.
export function preparedPerDatabase<Q>(make: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const made = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = made.get(db);
    if (!query) {
      query = make(db);
      made.set(db, query);
    }
    return query;
  };
}

// The caller checks of several calls as the parameter arrays of a shared statement (TurnBatch).
export function callerArrays(callers: { issuer: string; subject: string; version: string }[]) {
  return {
    issuers: callers.map((c) => c.issuer),
    subjects: callers.map((c) => c.subject),
    versions: callers.map((c) => c.version),
  };
}
