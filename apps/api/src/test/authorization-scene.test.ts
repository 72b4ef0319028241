import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cohorts, users } from '../db/schema/index.ts';
import { fingerprint } from './authorization-scene.ts';
import { describeEachDatabase } from './each-database.ts';
import { createCohort, createOrganisation, createProgramme, createUser } from './factories.ts';

// The fingerprint the authorization matrix and the other "changes nothing" checks compare before and
// after each request: it must see every write, even one that leaves a row's values as they were.
describeEachDatabase('the fingerprint of the stored data', (getDatabase) => {
  const changedBetween = async (write: () => Promise<unknown>) => {
    const before = await fingerprint(getDatabase().db);
    await write();
    const after = await fingerprint(getDatabase().db);
    return Object.keys(after).filter((table) => after[table] !== before[table]);
  };

  it('names the table of an insert, an update (to the same values too) and a delete, and nothing else', async () => {
    const { db } = getDatabase();
    const organisation = await createOrganisation(db);
    const user = await createUser(db, { organisationId: organisation.id });

    expect(await changedBetween(() => fingerprint(db))).toEqual([]);
    expect(await changedBetween(() => createUser(db, { organisationId: organisation.id }))).toEqual(['users']);
    expect(
      await changedBetween(() => db.update(users).set({ fullName: 'Renamed' }).where(eq(users.id, user.id))),
    ).toEqual(['users']);
    expect(
      await changedBetween(() => db.update(users).set({ fullName: 'Renamed' }).where(eq(users.id, user.id))),
    ).toEqual(['users']);
    expect(await changedBetween(() => db.delete(users).where(eq(users.id, user.id)))).toEqual(['users']);
  });

  it("tells a cohort's raised standings version apart from a change to the cohort", async () => {
    const { db } = getDatabase();
    const organisation = await createOrganisation(db);
    const programme = await createProgramme(db, { organisationId: organisation.id });
    const cohort = await createCohort(db, { organisationId: organisation.id, programmeId: programme.id });

    expect(
      await changedBetween(() =>
        db
          .update(cohorts)
          .set({ standingsVersion: sql`${cohorts.standingsVersion} + 1` })
          .where(eq(cohorts.id, cohort.id)),
      ),
    ).toEqual(['cohorts.standings_version']);
    // A renamed cohort raises the content version too (a trigger): what matters is the cohort's own row.
    const renamed = await changedBetween(() =>
      db.update(cohorts).set({ name: 'Renamed' }).where(eq(cohorts.id, cohort.id)),
    );
    expect(renamed).toContain('cohorts');
    expect(renamed).not.toContain('cohorts.standings_version');
  });
});
