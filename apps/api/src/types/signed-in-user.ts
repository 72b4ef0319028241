import type { users } from '../db/schema/index.ts';

// The person a request is made by, as the sign-in lookup reads them (db/queries/identity/), with
// their organisation's name, trusted tenants and default locale. Services receive it; they never read it themselves.
export type SignedInUser = typeof users.$inferSelect & {
  organisationName: string;
  organisationTenantIds: string[];
  // The organisation's default locale, the last of whose locale a request is answered in.
  organisationDefaultLocale: string;
};
