import { afterAll, beforeAll, describe } from 'vitest';
import { createTestDatabase, databaseKinds, type DatabaseKind, type TestDatabase } from './databases.ts';

// describe() once per database kind; the body receives a getter for that kind's fresh database.
export function describeEachDatabase(name: string, body: (getDb: () => TestDatabase) => void): void {
  describeOn(databaseKinds, name, body);
}

// describe() on the embedded database only, for suites whose subject does not depend on the
// database (HTTP plumbing such as client addresses, rate limits, the API reference, token keys):
// the app needs a database to run, but a second kind would only repeat the same checks.
export function describeOnOneDatabase(name: string, body: (getDb: () => TestDatabase) => void): void {
  describeOn(['pglite'], name, body);
}

function describeOn(kinds: DatabaseKind[], name: string, body: (getDb: () => TestDatabase) => void): void {
  for (const kind of kinds) {
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
