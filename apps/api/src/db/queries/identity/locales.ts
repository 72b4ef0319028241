import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { organisations, users } from '../../schema/index.ts';

// What decides a person's language (docs/domain/locales-in-mail.md): their own choice, their
// directory's, and their organisation's default. Read apart from the sign-in lookup, for the few
// requests that write text for a person (exports).
export type LocaleSources = {
  locale: string | null;
  directoryLocale: string | null;
  organisationDefaultLocale: string;
};

export async function findLocaleSources(db: DbOrTx, userId: string): Promise<LocaleSources | undefined> {
  const [row] = await db
    .select({
      locale: users.locale,
      directoryLocale: users.directoryLocale,
      organisationDefaultLocale: organisations.defaultLocale,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId));
  return row;
}

export async function findOrganisationDefaultLocale(db: DbOrTx, organisationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ defaultLocale: organisations.defaultLocale })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.defaultLocale;
}
