// The rows of a raw `db.execute` answer: node-postgres and PGlite both answer `{ rows }`, which
// the union type of DbOrTx leaves unknown.
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
