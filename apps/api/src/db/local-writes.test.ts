import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createOrganisation } from '../test/factories.ts';
import { localWriteCount } from './client.ts';

describe('local write count (embedded database)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await database.dispose();
  });

  it('stays put for reads and moves before and after every write and transaction', async () => {
    const { db } = database;
    const start = localWriteCount(db)!;
    await db.execute(sql`select 1`);
    await db.execute(sql`  SELECT count(*) from users`);
    expect(localWriteCount(db)).toBe(start);

    // One insert: counted once as it starts and once as it ends, so a reader comparing the
    // count before and after its own work also notices a write still running when it began.
    await createOrganisation(db);
    expect(localWriteCount(db)! - start).toBe(2);

    const beforeTransaction = localWriteCount(db)!;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(localWriteCount(db)).toBeGreaterThan(beforeTransaction);

    const beforeCte = localWriteCount(db)!;
    await db.execute(sql`with x as (select 1) select * from x`);
    expect(localWriteCount(db)).toBeGreaterThan(beforeCte);
  });

  it('is not kept for PostgreSQL, which other processes write too', async () => {
    if (!process.env.DATABASE_URL) return;
    const server = await createTestDatabase('postgres');
    try {
      expect(localWriteCount(server.db)).toBeNull();
    } finally {
      await server.dispose();
    }
  });
});
