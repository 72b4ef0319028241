import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { programmes } from '../../db/schema/index.ts';
import { programmeYaml } from '../../imports/testing/fixtures.ts';
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

// A programme file uploaded in the console: the command's import, with a dry run, for the
// administrator's own organisation only.
describeEachDatabase('administration console: programme file upload', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let w: ConsoleWorlds;
  const db = () => getDatabase().db;
  const send = (...args: Parameters<ReturnType<typeof consoleCaller>>) => consoleCaller(app)(...args);
  const orgId = () => w.world.organisation.id;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    w = await createConsoleWorlds(db(), issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  it('previews a programme file (dry run: nothing written), then applies it', async () => {
    const slug = w.world.organisation.slug;
    const source = programmeYaml(slug);
    const preview = await refusedWithoutWrites(
      db(),
      () => send(w.admin, { method: 'POST', url: `${ADMIN}/programmes/imports`, payload: { source, dry_run: true } }),
      200,
    );
    expect(preview).toEqual({
      dry_run: true,
      programme_id: null,
      programme_slug: 'lep',
      programme: { created: 1, updated: 0, unchanged: 0 },
      modules: { created: 2, updated: 0, unchanged: 0, removed: 0 },
      behaviours: { created: 2, updated: 0, unchanged: 0 },
      habits: { created: 3, updated: 0, unchanged: 0 },
      positive_changes: { created: 2, updated: 0, unchanged: 0 },
    });
    const applied = await send(w.admin, {
      method: 'POST',
      url: `${ADMIN}/programmes/imports`,
      payload: { source, dry_run: false },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ ...(preview as object), dry_run: false, programme_id: expect.any(String) });
    const [row] = await db().select().from(programmes).where(eq(programmes.id, applied.body.programme_id));
    expect(row).toMatchObject({ organisationId: orgId(), slug: 'lep' });
    const [audit] = await auditRowsOf(db(), { organisationId: orgId(), action: 'programme.import' });
    expect(audit).toMatchObject({ actorUserId: w.admin.id, entityId: row!.id, after: { habits: { created: 3 } } });
    // Again: a dry run now finds everything unchanged, and names the programme.
    const again = await send(w.admin, { method: 'POST', url: `${ADMIN}/programmes/imports`, payload: { source } });
    expect(again.body).toMatchObject({ dry_run: true, programme_id: row!.id, habits: { created: 0, unchanged: 3 } });
  });

  it('refuses a file with problems or of another organisation (400 with the problems), writing nothing', async () => {
    const bad = programmeYaml(w.world.organisation.slug).replace('difficulty: easy', 'difficulty: trivial');
    const problems = await refusedWithoutWrites(
      db(),
      () =>
        send(w.admin, { method: 'POST', url: `${ADMIN}/programmes/imports`, payload: { source: bad, dry_run: false } }),
      400,
    );
    expect(problems).toMatchObject({
      detail: expect.stringContaining('programme.yaml was not imported'),
      problems: [{ line: 19, path: 'behaviours[0].habits[0].difficulty' }],
    });
    const foreign = await refusedWithoutWrites(
      db(),
      () =>
        send(w.admin, {
          method: 'POST',
          url: `${ADMIN}/programmes/imports`,
          payload: { source: programmeYaml(w.foreign.organisation.slug), dry_run: false, file_name: 'lep.yaml' },
        }),
      400,
    );
    expect(foreign).toMatchObject({
      problems: [
        {
          line: 2,
          path: 'organisation.slug',
          message: `must be your organisation's slug, ${w.world.organisation.slug}`,
        },
      ],
    });
    for (const source of ['', ': : :\n  - [', 'just text']) {
      await refusedWithoutWrites(
        db(),
        () =>
          send(w.admin, { method: 'POST', url: `${ADMIN}/programmes/imports`, payload: { source, dry_run: false } }),
        400,
      );
    }
  });
});
