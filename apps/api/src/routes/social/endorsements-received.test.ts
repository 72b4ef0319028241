import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZListEndorsementsReceivedResponse } from '@habitrack/contracts/social/list-endorsements-received';
import type { App } from '../../app.ts';
import { endorsements, endorsementsSeen, users } from '../../db/schema/index.ts';
import { fingerprint } from '../../test/authorization-scene.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type Member, type World } from '../../test/world.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const URL = '/api/v1/social/endorsements/received';

describeEachDatabase('endorsements received API', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    world = await createWorld(getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  const named = async (name: string) => {
    const member = await world.person();
    await getDatabase().db.update(users).set({ fullName: name }).where(eq(users.id, member.id));
    return member;
  };
  // An endorsement written straight to the database at a chosen instant.
  const received = async (options: { from: Member; to: Member; at: string; message?: string }) => {
    const [row] = await getDatabase()
      .db.insert(endorsements)
      .values({
        endorserId: options.from.id,
        endorsedId: options.to.id,
        endorsedOn: options.at.slice(0, 10),
        message: options.message ?? `Thanks (${options.at})`,
        createdAt: new Date(options.at),
      })
      .returning();
    return row!;
  };
  const list = async (member: Member, query = '') => {
    const response = await app.inject({ method: 'GET', url: `${URL}${query}`, headers: member.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(ZListEndorsementsReceivedResponse.parse(body)).toEqual(body);
    return body as ReturnType<typeof ZListEndorsementsReceivedResponse.parse>;
  };
  const markSeen = (member: Member, payload: unknown) =>
    app.inject({ method: 'PUT', url: `${URL}/seen`, headers: member.headers, payload: payload as object });
  const dashboardWidget = async (member: Member) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/dashboard/', headers: member.headers });
    expect(response.statusCode).toBe(200);
    return response.json().endorsements_widget;
  };

  it('lists who endorsed the caller, when and with what message, newest first, page by page', async () => {
    const me = await named('Maya Member');
    const ada = await named('Ada Lovelace');
    const bo = await named('Bo Chen');
    const times = ['2026-11-01T09:00:00.000Z', '2026-11-03T09:00:00.000Z', '2026-11-05T09:00:00.000Z'];
    for (const [i, at] of times.entries()) await received({ from: i % 2 ? bo : ada, to: me, at });
    await received({ from: ada, to: me, at: '2026-11-07T10:30:00.000Z', message: 'Brilliant facilitation' });
    // Their own endorsements of others are not theirs to read here.
    await received({ from: me, to: ada, at: '2026-11-08T09:00:00.000Z' });

    const first = await list(me, '?page_size=3');
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(3);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      endorser: { id: ada.id, full_name: 'Ada Lovelace' },
      message: 'Brilliant facilitation',
      endorsed_on: '2026-11-07',
      created_at: '2026-11-07T10:30:00.000Z',
    });
    expect(first.items.map((item) => item.endorser.full_name)).toEqual(['Ada Lovelace', 'Ada Lovelace', 'Bo Chen']);
    expect(first.next_cursor).toEqual(expect.any(String));

    // One arriving while the member pages does not shift the next page.
    await received({ from: bo, to: me, at: '2026-11-20T09:00:00.000Z' });
    const second = await list(me, `?page_size=3&cursor=${first.next_cursor}`);
    expect(second.items.map((item) => item.created_at)).toEqual(['2026-11-01T09:00:00.000Z']);
    expect(second.next_cursor).toBeNull();
    expect(second.total).toBe(5);

    const whole = await list(me);
    expect(whole.items.map((item) => item.created_at)).toEqual([
      '2026-11-20T09:00:00.000Z',
      '2026-11-07T10:30:00.000Z',
      ...[...times].reverse(),
    ]);
    expect(whole.next_cursor).toBeNull();
    expect((await list(ada)).items.map((item) => item.endorser.id)).toEqual([me.id]);
  });

  it('pages through endorsements made in the same microsecond without losing or repeating one', async () => {
    const me = await world.person();
    const at = '2026-11-10T08:00:00.123Z';
    const senders = await Promise.all(Array.from({ length: 5 }, () => world.person()));
    for (const from of senders) await received({ from, to: me, at });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(me, `?page_size=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('answers an empty list to a member nobody endorsed yet', async () => {
    const body = await list(await world.person());
    expect(body).toEqual({ items: [], next_cursor: null, total: 0, seen_at: null, new_since_last_visit: 0 });
  });

  it.each([
    ['page_size=0', 'querystring.page_size must be from 1 to 50'],
    ['page_size=51', 'querystring.page_size must be from 1 to 50'],
    ['page_size=2.5', 'querystring.page_size must be a whole number'],
    ['page_size=ten', 'querystring.page_size'],
    ['cursor=', 'querystring.cursor'],
    ['cursor=not-a-cursor', 'querystring.cursor is not valid'],
    [
      `cursor=${Buffer.from('2026-11-01T09:00:00.000000Z|nope').toString('base64url')}`,
      'querystring.cursor is not valid',
    ],
    [
      `cursor=${Buffer.from(`2026-02-30T09:00:00.000000Z|${randomUUID()}`).toString('base64url')}`,
      'querystring.cursor is not valid',
    ],
    [`cursor=${'A'.repeat(201)}`, 'querystring.cursor'],
  ])('refuses %s with 400 and a clear detail', async (query, detail) => {
    const me = await world.person();
    const response = await app.inject({ method: 'GET', url: `${URL}?${query}`, headers: me.headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toContain(detail);
  });

  it('counts what arrived since the member last opened the page, on the list and on the dashboard', async () => {
    const me = await world.person();
    const mate = await world.person();
    const older = await received({ from: mate, to: me, at: '2026-11-02T09:00:00.000Z' });
    const newer = await received({ from: await world.person(), to: me, at: '2026-11-04T09:00:00.000Z' });
    expect(await dashboardWidget(me)).toEqual({ total_received: 2, new_since_last_visit: 2 });
    expect(await list(me)).toMatchObject({ seen_at: null, new_since_last_visit: 2 });

    const marked = await markSeen(me, { newest_seen_id: newer.id });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ seen_at: '2026-11-04T09:00:00.000Z', new_since_last_visit: 0 });
    expect(await dashboardWidget(me)).toEqual({ total_received: 2, new_since_last_visit: 0 });

    await received({ from: mate, to: me, at: '2026-11-21T09:00:00.000Z' });
    expect(await dashboardWidget(me)).toEqual({ total_received: 3, new_since_last_visit: 1 });
    expect(await list(me)).toMatchObject({ seen_at: '2026-11-04T09:00:00.000Z', new_since_last_visit: 1 });

    // An older page seen again (another tab) never moves the marker back.
    const again = await markSeen(me, { newest_seen_id: older.id });
    expect(again.json()).toEqual({ seen_at: '2026-11-04T09:00:00.000Z', new_since_last_visit: 1 });
    expect(await dashboardWidget(me)).toEqual({ total_received: 3, new_since_last_visit: 1 });
  });

  it("refuses another member's endorsement, an unknown one and a bad body, writing nothing", async () => {
    const me = await world.person();
    const other = await world.person();
    const theirs = await received({ from: me, to: other, at: '2026-11-06T09:00:00.000Z' });
    const { db } = getDatabase();
    await list(me); // signed in once: their identity is linked before the refusals
    const before = await fingerprint(db);
    for (const id of [theirs.id, randomUUID()]) {
      const response = await markSeen(me, { newest_seen_id: id });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('This endorsement is not one you received.');
    }
    for (const payload of [{}, { newest_seen_id: 'x' }, { newest_seen_id: theirs.id, seen_at: NOW.toISOString() }]) {
      const response = await markSeen(me, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^Invalid request: body/);
    }
    expect(await fingerprint(db)).toEqual(before);
    expect(await db.select().from(endorsementsSeen).where(eq(endorsementsSeen.userId, me.id))).toEqual([]);
    expect((await list(other)).seen_at).toBeNull();
  });

  it('pages back through a month of endorsements by cursor', async () => {
    const me = await world.person();
    const from = await world.person();
    for (let day = 1; day <= 30; day++) {
      await received({ from, to: me, at: `2026-10-${String(day).padStart(2, '0')}T09:00:00.000Z` });
    }
    const page = await list(me, '?page_size=5');
    const next = await list(me, `?page_size=5&cursor=${page.next_cursor}`);
    expect(next.items.map((item) => item.endorsed_on)).toEqual([
      '2026-10-25',
      '2026-10-24',
      '2026-10-23',
      '2026-10-22',
      '2026-10-21',
    ]);
  });
});
