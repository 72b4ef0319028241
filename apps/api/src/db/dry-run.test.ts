import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/each-database.ts';
import { transactionOrDryRun } from './dry-run.ts';
import { rowsOf } from './rows.ts';

describeEachDatabase('a transaction or its dry run', (getDatabase) => {
  const db = () => getDatabase().db;
  const stored = async () =>
    rowsOf<{ n: number }>(await db().execute(sql`select n from dry_run_probe order by n`)).map((r) => Number(r.n));

  beforeAll(async () => {
    await db().execute(sql`create table dry_run_probe (n integer not null)`);
  });

  it('a dry run answers what the work returned and keeps none of its writes', async () => {
    const result = await transactionOrDryRun(db(), { dryRun: true }, async (tx) => {
      await tx.execute(sql`insert into dry_run_probe values (1), (2)`);
      return rowsOf<{ count: number }>(await tx.execute(sql`select count(*)::int as count from dry_run_probe`))[0];
    });
    expect(result).toEqual({ count: 2 });
    expect(await stored()).toEqual([]);
  });

  it('otherwise the writes are kept', async () => {
    const result = await transactionOrDryRun(db(), { dryRun: false }, async (tx) => {
      await tx.execute(sql`insert into dry_run_probe values (3)`);
      return 'kept';
    });
    expect(result).toBe('kept');
    expect(await stored()).toEqual([3]);
  });

  it('a failure rolls everything back and reaches the caller, dry run or not', async () => {
    for (const dryRun of [true, false]) {
      await expect(
        transactionOrDryRun(db(), { dryRun }, async (tx) => {
          await tx.execute(sql`insert into dry_run_probe values (4)`);
          throw new Error('the file has problems');
        }),
      ).rejects.toThrow('the file has problems');
    }
    expect(await stored()).toEqual([3]);
  });
});
