import { afterAll, beforeAll, describe } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from './databases.ts';

// describe() once per database kind; the body receives a getter for that kind's fresh database.
export function describeEachDatabase(name: string, body: (getDb: () => TestDatabase) => void): void {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(kind);
      }, 60_000);
      afterAll(async () => {
        await database?.dispose();
      });
      body(() => {
        if (!database) throw new Error('test database not ready');
        return database;
      });
    });
  }
}
