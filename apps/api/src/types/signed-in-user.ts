import type { users } from '../db/schema/index.ts';

// The person a request is made by, as the sign-in lookup reads them (db/queries/identity/), with
// their organisation's name, trusted tenants and default locale. Services receive it; they never read
// it themselves.
export type SignedInUser = typeof users.$inferSelect & {
  organisationName: string;
  organisationTenantIds: string[];
  organisationDefaultLocale: string;
};
