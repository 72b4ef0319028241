import type { DbOrTx, Tx } from './client.ts';

// Thrown out of a dry run's transaction once its work is done: the transaction rolls back, and the
// work's result is carried past it.
class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super('dry run: rolled back');
  }
}

// Runs `work` in one transaction. With `dryRun`, everything it wrote is rolled back once it is done
// and its result is returned all the same: exactly what applying it would do now (the imports'
// previews).
export async function transactionOrDryRun<T>(
  db: DbOrTx,
  options: { dryRun: boolean },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (options.dryRun) throw new RolledBack(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
}
