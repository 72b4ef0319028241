import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { organisations } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import {
  ADMIN,
  auditRowsOf,
  consoleCaller,
  createConsoleWorlds,
  refusedWithoutWrites,
  type ConsoleWorlds,
} from './testing/console.ts';

const SETTINGS = `${ADMIN}/settings`;
const TENANT = '0f8fad5b-d9cb-469f-a165-70867728950e';

describeEachDatabase('administration console: organisation settings', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let w: ConsoleWorlds;
  const db = () => getDatabase().db;
  const send = (...args: Parameters<ReturnType<typeof consoleCaller>>) => consoleCaller(app)(...args);

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    w = await createConsoleWorlds(db(), issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads and replaces tenants, domains (trimmed, lower-cased) and the default cohort, with an audit row', async () => {
    const organisation = w.world.organisation;
    expect(await send(w.admin, { method: 'GET', url: SETTINGS })).toEqual({
      status: 200,
      body: {
        organisation_id: organisation.id,
        name: organisation.name,
        azure_tenant_ids: [w.world.tenant],
        email_domains: [w.world.domain],
        default_cohort_id: null,
        retention_days: null,
        default_locale: 'en-GB',
      },
    });
    const domain = `New-${organisation.slug}.Example.COM`;
    const changed = await send(w.admin, {
      method: 'PUT',
      url: SETTINGS,
      payload: {
        azure_tenant_ids: [` ${TENANT.toUpperCase()} `],
        email_domains: [w.world.domain, domain],
        default_cohort_id: w.world.cohort.id,
      },
    });
    const after = {
      organisation_id: organisation.id,
      name: organisation.name,
      azure_tenant_ids: [TENANT],
      email_domains: [w.world.domain, domain.toLowerCase()],
      default_cohort_id: w.world.cohort.id,
      retention_days: null,
      default_locale: 'en-GB',
    };
    expect(changed).toEqual({ status: 200, body: after });
    const [row] = await db().select().from(organisations).where(eq(organisations.id, organisation.id));
    expect(row).toMatchObject({ azureTenantIds: [TENANT], defaultCohortId: w.world.cohort.id });
    const [audit] = await auditRowsOf(db(), {
      organisationId: organisation.id,
      action: 'organisation.update_settings',
    });
    expect(audit).toMatchObject({
      actorUserId: w.admin.id,
      entity: 'organisation',
      entityId: organisation.id,
      before: { azure_tenant_ids: [w.world.tenant], default_cohort_id: null },
      after,
    });
    // The cohort list says which cohort is the default.
    const cohorts = await send(w.admin, { method: 'GET', url: `${ADMIN}/cohorts` });
    expect(cohorts.body).toEqual([expect.objectContaining({ id: w.world.cohort.id, is_default: true })]);
  });

  it('refuses bad shapes and repeats (400), another organisation’s domain (409) or cohort (404), writing nothing', async () => {
    const valid = { azure_tenant_ids: [], email_domains: [w.world.domain], default_cohort_id: null };
    const cases: [object, number][] = [
      [{ ...valid, azure_tenant_ids: ['not-a-guid'] }, 400],
      [{ ...valid, azure_tenant_ids: [TENANT, TENANT.toUpperCase()] }, 400],
      [{ ...valid, email_domains: ['no spaces.com'] }, 400],
      [{ ...valid, email_domains: ['@example.com'] }, 400],
      [{ ...valid, email_domains: ['localhost'] }, 400],
      [{ ...valid, email_domains: ['a.example', 'A.example'] }, 400],
      [{ ...valid, name: 'Renamed' }, 400],
      [{ azure_tenant_ids: [], email_domains: [] }, 400],
      [{ ...valid, default_cohort_id: 'nope' }, 400],
      [{ ...valid, default_cohort_id: w.foreign.cohort.id }, 404],
      [{ ...valid, email_domains: [w.foreign.domain] }, 409],
    ];
    for (const [payload, status] of cases) {
      await refusedWithoutWrites(db(), () => send(w.admin, { method: 'PUT', url: SETTINGS, payload }), status);
    }
    for (const person of [w.member, w.leader]) {
      await refusedWithoutWrites(db(), () => send(person, { method: 'GET', url: SETTINGS }), 403);
      await refusedWithoutWrites(db(), () => send(person, { method: 'PUT', url: SETTINGS, payload: valid }), 403);
    }
    // Another organisation's administrator reads and writes only their own organisation.
    expect((await send(w.foreignAdmin, { method: 'GET', url: SETTINGS })).body).toMatchObject({
      organisation_id: w.foreign.organisation.id,
    });
  });

  // docs/domain/retention.md#the-setting
  it('sets the retention period (30 to 3650 days) and back to keeping everything, each change audited once', async () => {
    const retention = `${SETTINGS}/retention`;
    const organisation = w.world.organisation;
    const set = await send(w.admin, { method: 'PUT', url: retention, payload: { retention_days: 90 } });
    expect(set).toMatchObject({ status: 200, body: { organisation_id: organisation.id, retention_days: 90 } });
    expect((await send(w.admin, { method: 'GET', url: SETTINGS })).body).toMatchObject({ retention_days: 90 });
    // The same value again changes nothing and writes no audit entry.
    expect(await send(w.admin, { method: 'PUT', url: retention, payload: { retention_days: 90 } })).toMatchObject({
      status: 200,
      body: { retention_days: 90 },
    });
    const kept = await send(w.admin, { method: 'PUT', url: retention, payload: { retention_days: null } });
    expect(kept).toMatchObject({ status: 200, body: { retention_days: null } });
    const audits = await auditRowsOf(db(), {
      organisationId: organisation.id,
      action: 'organisation.update_retention',
    });
    expect(audits.map((a) => [a.actorUserId, a.before, a.after])).toEqual([
      [w.admin.id, { retention_days: 90 }, { retention_days: null }],
      [w.admin.id, { retention_days: null }, { retention_days: 90 }],
    ]);
  });

  it('refuses a retention period out of range or not a whole number of days (400, saying so), and anyone but an administrator (403), writing nothing', async () => {
    const retention = `${SETTINGS}/retention`;
    const message = 'must be a whole number of days from 30 to 3650, or null to keep everything';
    for (const payload of [
      { retention_days: 29 },
      { retention_days: 3651 },
      { retention_days: 0 },
      { retention_days: -5 },
      { retention_days: 45.5 },
      { retention_days: '90' },
      {},
      { retention_days: 90, name: 'Renamed' },
    ]) {
      const body = await refusedWithoutWrites(
        db(),
        () => send(w.admin, { method: 'PUT', url: retention, payload }),
        400,
      );
      if ('retention_days' in payload && !('name' in payload)) {
        expect((body as { detail: string }).detail).toBe(`Invalid request: body.retention_days ${message}`);
      }
    }
    for (const person of [w.member, w.leader]) {
      await refusedWithoutWrites(
        db(),
        () => send(person, { method: 'PUT', url: retention, payload: { retention_days: 90 } }),
        403,
      );
    }
    // Another organisation's administrator sets only their own organisation's.
    await send(w.foreignAdmin, { method: 'PUT', url: retention, payload: { retention_days: 400 } });
    const rows = await db().select({ id: organisations.id, days: organisations.retentionDays }).from(organisations);
    expect(rows.find((r) => r.id === w.foreign.organisation.id)?.days).toBe(400);
    expect(rows.find((r) => r.id === w.world.organisation.id)?.days).toBeNull();
  });
});
