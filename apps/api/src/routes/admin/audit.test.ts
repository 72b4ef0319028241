import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { insertAudit } from '../../db/queries/audit/audit.ts';
import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.ts';
import { readCsvRecords } from '../../imports/csv-records.ts';
import { createScimToken } from '../../services/scim/tokens.service.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import {
  ADMIN,
  consoleCaller,
  createConsoleWorlds,
  refusedWithoutWrites,
  type ConsoleWorlds,
} from './testing/console.ts';

const AUDIT = `${ADMIN}/audit`;
// The export read back with the people upload's RFC 4180 reader.
const parse = (csv: string) => readCsvRecords(csv).records.map((r) => r.fields);

describeEachDatabase('administration console: audit log', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let w: ConsoleWorlds;
  let tokenId: string;
  let tokenPrefix: string;
  const db = () => getDatabase().db;
  const send = (...args: Parameters<ReturnType<typeof consoleCaller>>) => consoleCaller(app)(...args);
  const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 9, minute));

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    w = await createConsoleWorlds(db(), issuers);
    const organisationId = w.world.organisation.id;
    const token = await createScimToken(db(), { organisationId, createdBy: null });
    tokenId = token.id;
    tokenPrefix = token.prefix;
    // 52 goal updates by the administrator, one a minute from 09:00, then entries by a SCIM token,
    // by the server (no actor), one whose values look like spreadsheet formulas, and one of
    // another organisation.
    await db()
      .insert(auditLog)
      .values(
        Array.from({ length: 52 }, (_, i) => ({
          organisationId,
          actorUserId: w.admin.id,
          action: 'goal.update',
          entity: 'organizational_goal',
          entityId: `goal-${i}`,
          before: { title: `Goal ${i}` },
          after: { title: `Goal ${i}!` },
          createdAt: at(i),
        })),
      );
    await insertAudit(db(), {
      organisationId,
      actorTokenId: tokenId,
      action: 'scim.user.update',
      entity: 'user',
      entityId: w.member.id,
      before: { active: true },
      after: { active: false },
      createdAt: at(53),
    });
    await insertAudit(db(), {
      organisationId,
      action: 'people.import',
      entity: 'organisation',
      entityId: organisationId,
      createdAt: at(54),
    });
    await insertAudit(db(), {
      organisationId,
      actorUserId: w.leader.id,
      action: 'department.create',
      entity: '=HYPERLINK("http://evil")',
      entityId: '+1',
      after: { description: 'Line one,\n"quoted"' },
      createdAt: at(55),
    });
    await insertAudit(db(), {
      organisationId: w.foreign.organisation.id,
      actorUserId: w.foreignAdmin.id,
      action: 'goal.update',
      entity: 'organizational_goal',
      entityId: 'foreign-goal',
      createdAt: at(30),
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('pages the organisation’s entries newest first, 50 a page, with the total and each actor named', async () => {
    const first = await send(w.admin, { method: 'GET', url: AUDIT });
    expect(first.status).toBe(200);
    // 52 + 3 seeded + the token's creation (created now, so newest).
    expect(first.body).toMatchObject({ total: 56, page: 1, page_size: 50 });
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.entries[0]).toMatchObject({ action: 'scim_token.create', actor: { kind: 'system', id: null } });
    expect(first.body.entries[1]).toEqual({
      id: expect.any(String),
      at: '2026-05-01T09:55:00.000Z',
      actor: { kind: 'user', id: w.leader.id, name: expect.stringMatching(/^User /) },
      action: 'department.create',
      entity: '=HYPERLINK("http://evil")',
      entity_id: '+1',
      before: null,
      after: { description: 'Line one,\n"quoted"' },
    });
    expect(first.body.entries[2]).toMatchObject({ actor: { kind: 'system', id: null, name: 'Server command' } });
    expect(first.body.entries[3]).toMatchObject({ actor: { kind: 'token', id: tokenId, name: tokenPrefix } });
    const second = await send(w.admin, { method: 'GET', url: `${AUDIT}?page=2` });
    expect(second.body).toMatchObject({ total: 56, page: 2 });
    expect(second.body.entries.map((e: { entity_id: string }) => e.entity_id)).toEqual([
      'goal-5',
      'goal-4',
      'goal-3',
      'goal-2',
      'goal-1',
      'goal-0',
    ]);
    expect(JSON.stringify([first.body, second.body])).not.toContain('foreign-goal');
  });

  it('filters by search text, action, actor and time', async () => {
    const total = async (query: string) =>
      (await send(w.admin, { method: 'GET', url: `${AUDIT}?${query}` })).body.total;
    expect(await total('q=GOAL-1')).toBe(11); // goal-1, goal-10..19
    expect(await total(`q=${encodeURIComponent(tokenPrefix)}`)).toBe(1); // the token's write, by its prefix
    expect(await total('q=hyperlink')).toBe(1);
    expect(await total('q=%25')).toBe(0); // LIKE's wildcard matches only itself
    expect(await total('action=goal.update')).toBe(52);
    expect(await total(`actor=${w.admin.id}`)).toBe(52);
    expect(await total(`actor=${tokenId}`)).toBe(1);
    expect(await total(`from=2026-05-01T09:50:00Z&to=2026-05-01T09:54:00Z`)).toBe(4); // 50, 51, 53, 54
    expect(await total(`from=1900-01-01T00:00:00Z&to=9999-12-31T23:59:59%2B14:00`)).toBe(await total(''));
    expect(await total(`action=goal.update&from=2026-05-01T09:10:00Z&to=2026-05-01T09:19:59Z&q=goal-1`)).toBe(10);
  });

  it('exports every matching entry as CSV, escaped and with formulas neutralised', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${AUDIT}/export?actor=${w.leader.id}`,
      headers: w.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="habitrack-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFFID,Time (UTC),')).toBe(true);
    const rows = parse(response.body);
    expect(rows[0]).toEqual([
      'ID',
      'Time (UTC)',
      'Actor type',
      'Actor ID',
      'Actor',
      'Action',
      'Record type',
      'Record ID',
      'Before',
      'After',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1)).toEqual([
      '2026-05-01T09:55:00.000Z',
      'Person',
      w.leader.id,
      expect.stringMatching(/^User /),
      'department.create',
      `'=HYPERLINK("http://evil")`,
      `'+1`,
      '',
      JSON.stringify({ description: 'Line one,\n"quoted"' }),
    ]);
    // Every entry, not a page.
    const all = await app.inject({ method: 'GET', url: `${AUDIT}/export`, headers: w.admin.headers });
    expect(parse(all.body)).toHaveLength(57);
  });

  it("writes the export's headers and words in the caller's language; times, codes and JSON stay as they are", async () => {
    const german = await app.inject({
      method: 'GET',
      url: `${AUDIT}/export`,
      headers: { ...w.admin.headers, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(german.statusCode).toBe(200);
    const rows = parse(german.body);
    expect(rows[0]).toEqual([
      'ID',
      'Zeitpunkt (UTC)',
      'Akteurtyp',
      'Akteur-ID',
      'Akteur',
      'Aktion',
      'Datensatztyp',
      'Datensatz-ID',
      'Vorher',
      'Nachher',
    ]);
    const byKind = (kind: string) => rows.slice(1).filter((row) => row[2] === kind);
    // The 52 goal updates and the department, each by a person.
    expect(byKind('Person')).toHaveLength(53);
    expect(byKind('SCIM-Token')[0]!.slice(4, 6)).toEqual([tokenPrefix, 'scim.user.update']);
    expect(byKind('System')[0]![4]).toBe('Serverbefehl');
    expect(byKind('Person')[0]![1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // The administrator's own choice beats the browser's languages.
    await db().update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.admin.id));
    try {
      const french = await app.inject({
        method: 'GET',
        url: `${AUDIT}/export`,
        headers: { ...w.admin.headers, 'accept-language': 'de-DE' },
      });
      expect(parse(french.body)[0]!.slice(0, 3)).toEqual(['ID', 'Date et heure (UTC)', 'Type d’auteur']);
    } finally {
      await db().update(users).set({ locale: null }).where(eq(users.id, w.admin.id));
    }
  });

  it('refuses bad filters (400), non-administrators (403), and offers no way to change an entry', async () => {
    for (const query of [
      'page=0',
      'page=x',
      'from=yesterday',
      'actor=someone',
      'from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z',
      'extra=1',
      // PostgreSQL cannot compare text holding NUL: control characters are refused before the query.
      'action=%00',
      'q=goal%00',
      'q=%1B',
      // Neither PostgreSQL's year 0 nor a year past 9999.
      'from=0000-01-01T00:00:00Z',
      'to=9999-12-31T23:59:59-14:00',
      'from=1899-12-31T23:59:59Z',
    ]) {
      await refusedWithoutWrites(db(), () => send(w.admin, { method: 'GET', url: `${AUDIT}?${query}` }), 400);
    }
    await refusedWithoutWrites(db(), () => send(w.admin, { method: 'GET', url: `${AUDIT}/export?from=nope` }), 400);
    for (const person of [w.member, w.leader]) {
      await refusedWithoutWrites(db(), () => send(person, { method: 'GET', url: AUDIT }), 403);
      await refusedWithoutWrites(db(), () => send(person, { method: 'GET', url: `${AUDIT}/export` }), 403);
    }
    const [entry] = (await send(w.admin, { method: 'GET', url: AUDIT })).body.entries;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: `${AUDIT}/${entry.id}`, headers: w.admin.headers, payload: {} });
      expect(response.statusCode).toBe(404);
    }
  });
});
