import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { importPeople } from './import-people.ts';
import { snapshotTables } from './testing/table-snapshot.ts';
import { peopleYaml, rejection, setupOrganisation } from './testing/fixtures.ts';

// The people file's `locale` (docs/domain/locales.md#the-directory): the language the organisation
// gives a person (users.directory_locale); absent leaves it as it is.
describeEachDatabase('importPeople: locale', (getDb) => {
  const localeOf = async (email: string) => {
    const [row] = await getDb()
      .db.select({ locale: users.locale, directoryLocale: users.directoryLocale })
      .from(users)
      .where(eq(users.email, email));
    return row;
  };

  it('sets the directory locale of the people who have one, keeps it when a later file has none', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const withLocales = peopleYaml({ orgSlug, domain })
      .replace('    role: leader\n', '    role: leader\n    locale: pt-BR\n')
      .replace('    full_name: Max Member\n', '    full_name: Max Member\n    locale: JA_jp\n');
    await importPeople(getDb().db, { source: withLocales, fileName: 'people.yaml' });
    expect(await localeOf(`lead@${domain}`)).toEqual({ locale: null, directoryLocale: 'pt-BR' });
    expect(await localeOf(`m1@${domain}`)).toEqual({ locale: null, directoryLocale: 'ja-JP' });
    expect(await localeOf(`tl@${domain}`)).toEqual({ locale: null, directoryLocale: null });

    const summary = await importPeople(getDb().db, {
      source: peopleYaml({ orgSlug, domain }),
      fileName: 'people.yaml',
    });
    expect(summary.users).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(await localeOf(`lead@${domain}`)).toEqual({ locale: null, directoryLocale: 'pt-BR' });

    const changed = withLocales.replace('locale: pt-BR', 'locale: es-ES');
    expect((await importPeople(getDb().db, { source: changed, fileName: 'people.yaml' })).users).toEqual({
      created: 0,
      updated: 1,
      unchanged: 2,
    });
    expect(await localeOf(`lead@${domain}`)).toEqual({ locale: null, directoryLocale: 'es-ES' });
  });

  it('refuses a locale HabiTrack does not speak at its line, and writes nothing', async () => {
    const { orgSlug, domain } = await setupOrganisation(getDb().db);
    const before = await snapshotTables(getDb().db);
    const source = peopleYaml({ orgSlug, domain }).replace(
      '    full_name: Max Member\n',
      '    full_name: Max Member\n    locale: de\n',
    );
    const error = await rejection(importPeople(getDb().db, { source, fileName: 'people.yaml' }));
    expect(error.problems).toEqual([
      {
        line: 22,
        path: 'users[2].locale',
        message: 'unknown locale "de": HabiTrack speaks en-GB, en-US, de-DE, fr-FR, es-ES, pt-BR, nl-NL, ja-JP, ar',
      },
    ]);
    expect(await snapshotTables(getDb().db)).toEqual(before);
  });
});
