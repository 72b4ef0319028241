import type { DbOrTx } from './client.ts';

type Waiting<P, R> = { params: P; resolve: (result: R) => void; reject: (error: unknown) => void };

// Gathers the calls made during one turn of the event loop, per database, and runs them together:
// under load many requests reach the same statement in one turn, and one statement with a row per
// call costs one round trip and one wake-up of the database instead of one each. `run` answers
// with one result per call, in their order; a lone call runs `one` (its usual statement).
export class TurnBatch<P, R> {
  private readonly pending = new WeakMap<DbOrTx, Waiting<P, R>[]>();

  constructor(
    private readonly run: {
      one: (db: DbOrTx, call: P) => Promise<R>;
      many: (db: DbOrTx, calls: P[]) => Promise<R[]>;
    },
    private readonly maxSize = 100,
  ) {}

  call(db: DbOrTx, params: P): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let waiting = this.pending.get(db);
      if (!waiting) {
        waiting = [];
        this.pending.set(db, waiting);
        setImmediate(() => this.flush(db));
      }
      waiting.push({ params, resolve, reject });
    });
  }

  private flush(db: DbOrTx): void {
    const all = this.pending.get(db) ?? [];
    this.pending.delete(db);
    for (let i = 0; i < all.length; i += this.maxSize) void this.send(db, all.slice(i, i + this.maxSize));
  }

  private async send(db: DbOrTx, batch: Waiting<P, R>[]): Promise<void> {
    try {
      const results =
        batch.length === 1
          ? [await this.run.one(db, batch[0]!.params)]
          : await this.run.many(
              db,
              batch.map((call) => call.params),
            );
      if (results.length !== batch.length) throw new Error(`${results.length} results for ${batch.length} calls`);
      batch.forEach((call, i) => call.resolve(results[i]!));
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
  }
}
