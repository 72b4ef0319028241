import type { TUpdateRetentionRequest } from '@habitrack/contracts/admin/retention';
import type {
  TAdminSettings,
  TUpdateDefaultLocaleRequest,
  TUpdateSettingsRequest,
} from '@habitrack/contracts/admin/settings';
import { isSupportedLocale, SOURCE_LOCALE } from '@habitrack/contracts/common/locales';
import { findCohortInOrganisation, lockOrganisation } from '../../db/queries/admin/cohorts.ts';
import {
  domainsOfOtherOrganisations,
  readSettings,
  writeDefaultLocale,
  writeRetention,
  writeSettings,
  type OrganisationSettings,
} from '../../db/queries/admin/settings.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Admin } from './admin.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// The organisation's settings (issue 21, decision 018). Trusted tenants decide who may sign in
// through the directory (per organisation: a person signs in to the account their organisation
// provisioned); e-mail domains tell a stranger's sign-in which organisation they belong to, so a
// domain is one organisation's only.
const toSettings = (row: OrganisationSettings): TAdminSettings => ({
  organisation_id: row.id,
  name: row.name,
  azure_tenant_ids: row.azureTenantIds,
  email_domains: row.emailDomains,
  default_cohort_id: row.defaultCohortId,
  retention_days: row.retentionDays,
  default_locale: isSupportedLocale(row.defaultLocale) ? row.defaultLocale : SOURCE_LOCALE,
});

export async function getSettings(database: AppDatabase, admin: Admin): Promise<TAdminSettings> {
  const db = database.db;
  const row = await readSettings(db, admin.organisationId);
  if (!row) throw notFound('Your organisation was not found.');
  return toSettings(row);
}

export async function updateSettings(
  database: AppDatabase,
  options: { admin: Admin; input: TUpdateSettingsRequest },
): Promise<TAdminSettings> {
  const db = database.db;
  const { admin, input } = options;
  return db.transaction(async (tx) => {
    const locked = await lockOrganisation(tx, admin.organisationId);
    if (!locked) throw notFound('Your organisation was not found.');
    if (input.default_cohort_id !== null) {
      const cohort = await findCohortInOrganisation(tx, {
        cohortId: input.default_cohort_id,
        organisationId: admin.organisationId,
      });
      if (!cohort) throw notFound('This cohort was not found in your organisation.');
    }
    const taken = await domainsOfOtherOrganisations(tx, {
      organisationId: admin.organisationId,
      domains: input.email_domains,
    });
    if (taken.length > 0) {
      throw conflict(`Another organisation already uses the e-mail domain ${taken.join(', ')}.`);
    }
    const before = toSettings(locked);
    const after = toSettings(
      await writeSettings(tx, {
        organisationId: admin.organisationId,
        azureTenantIds: input.azure_tenant_ids,
        emailDomains: input.email_domains,
        defaultCohortId: input.default_cohort_id,
      }),
    );
    await auditWrite(tx, admin, {
      action: 'organisation.update_settings',
      entity: 'organisation',
      entityId: admin.organisationId,
      before,
      after,
    });
    return after;
  });
}

// The retention period (docs/domain/retention.md#the-setting): null keeps everything. Setting the
// same value again changes nothing and writes no audit entry.
export async function updateRetention(
  database: AppDatabase,
  options: { admin: Admin; input: TUpdateRetentionRequest },
): Promise<TAdminSettings> {
  const { admin, input } = options;
  return database.db.transaction(async (tx) => {
    const locked = await lockOrganisation(tx, admin.organisationId);
    if (!locked) throw notFound('Your organisation was not found.');
    if (locked.retentionDays === input.retention_days) return toSettings(locked);
    const after = toSettings(
      await writeRetention(tx, { organisationId: admin.organisationId, retentionDays: input.retention_days }),
    );
    await auditWrite(tx, admin, {
      action: 'organisation.update_retention',
      entity: 'organisation',
      entityId: admin.organisationId,
      before: { retention_days: locked.retentionDays },
      after: { retention_days: after.retention_days },
    });
    return after;
  });
}

// The organisation's default locale (docs/domain/locales.md#the-organisations-default): the
// language of people who chose none, whose directory gave none and whose browser asks for none
// HabiTrack speaks. Setting the same value again changes nothing and writes no audit entry.
export async function updateDefaultLocale(
  database: AppDatabase,
  options: { admin: Admin; input: TUpdateDefaultLocaleRequest },
): Promise<TAdminSettings> {
  const { admin, input } = options;
  return database.db.transaction(async (tx) => {
    const locked = await lockOrganisation(tx, admin.organisationId);
    if (!locked) throw notFound('Your organisation was not found.');
    if (locked.defaultLocale === input.default_locale) return toSettings(locked);
    const after = toSettings(
      await writeDefaultLocale(tx, { organisationId: admin.organisationId, defaultLocale: input.default_locale }),
    );
    await auditWrite(tx, admin, {
      action: 'organisation.update_default_locale',
      entity: 'organisation',
      entityId: admin.organisationId,
      before: { default_locale: locked.defaultLocale },
      after: { default_locale: after.default_locale },
    });
    return after;
  });
}
