import { and, arrayOverlaps, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { organisations } from '../../schema/index.ts';

export type OrganisationSettings = {
  id: string;
  name: string;
  azureTenantIds: string[];
  emailDomains: string[];
  defaultCohortId: string | null;
  retentionDays: number | null;
  defaultLocale: string;
};

const settingsColumns = {
  id: organisations.id,
  name: organisations.name,
  azureTenantIds: organisations.azureTenantIds,
  emailDomains: organisations.emailDomains,
  defaultCohortId: organisations.defaultCohortId,
  retentionDays: organisations.retentionDays,
  defaultLocale: organisations.defaultLocale,
};

export async function readSettings(db: DbOrTx, organisationId: string): Promise<OrganisationSettings | null> {
  const [row] = await db.select(settingsColumns).from(organisations).where(eq(organisations.id, organisationId));
  return row ?? null;
}

// Which of these e-mail domains another organisation already lists.
export async function domainsOfOtherOrganisations(
  db: DbOrTx,
  options: { organisationId: string; domains: string[] },
): Promise<string[]> {
  if (options.domains.length === 0) return [];
  const rows = await db
    .select({ domains: organisations.emailDomains })
    .from(organisations)
    .where(
      and(ne(organisations.id, options.organisationId), arrayOverlaps(organisations.emailDomains, options.domains)),
    );
  const taken = new Set(rows.flatMap((r) => r.domains));
  return options.domains.filter((d) => taken.has(d));
}

export async function writeSettings(
  db: DbOrTx,
  options: { organisationId: string; azureTenantIds: string[]; emailDomains: string[]; defaultCohortId: string | null },
): Promise<OrganisationSettings> {
  const [row] = await db
    .update(organisations)
    .set({
      azureTenantIds: options.azureTenantIds,
      emailDomains: options.emailDomains,
      defaultCohortId: options.defaultCohortId,
    })
    .where(eq(organisations.id, options.organisationId))
    .returning(settingsColumns);
  return row!;
}

export async function writeRetention(
  db: DbOrTx,
  options: { organisationId: string; retentionDays: number | null },
): Promise<OrganisationSettings> {
  const [row] = await db
    .update(organisations)
    .set({ retentionDays: options.retentionDays })
    .where(eq(organisations.id, options.organisationId))
    .returning(settingsColumns);
  return row!;
}

// The organisation's default locale; the column's check refuses a locale HabiTrack does not speak.
export async function writeDefaultLocale(
  db: DbOrTx,
  options: { organisationId: string; defaultLocale: string },
): Promise<OrganisationSettings> {
  const [row] = await db
    .update(organisations)
    .set({ defaultLocale: options.defaultLocale })
    .where(eq(organisations.id, options.organisationId))
    .returning(settingsColumns);
  return row!;
}
