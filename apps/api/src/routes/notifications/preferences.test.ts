import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';
import { signUnsubscribeToken } from '../../lib/unsubscribe-token.ts';
import { send } from '../../test/authorization-scene.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type Member } from '../../test/world.ts';
import { SECRET } from './testing/reminders.ts';

const url = '/api/v1/me/notification-preferences';
const unsubscribeUrl = (token: string) => `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
const settingsBody = (time = '07:30', daily = true, weekly = false) => ({
  daily_reminder: { enabled: daily, time },
  weekly_summary: { enabled: weekly },
});
const now = new Date('2026-06-10T09:00:00Z');

describeEachDatabase('notification preferences and unsubscribe links', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      now: () => now,
      config: { notifications: { scheduler: false, tickSeconds: 60, unsubscribeSecret: SECRET } },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const person = async (timeZone = 'America/New_York') =>
    (await createWorld(getDatabase().db, issuers)).person({ timeZone });
  const stored = async (member: Member) =>
    getDatabase().db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, member.id));

  it('answers everything off, the default time and the member’s zone before anything is saved; writes nothing', async () => {
    const member = await person();
    const answer = await send(app)(member, { method: 'GET', url });
    expect(answer).toEqual({
      status: 200,
      body: {
        daily_reminder: { enabled: false, time: '08:00' },
        weekly_summary: { enabled: false },
        reminder_offer_dismissed: false,
        time_zone: 'America/New_York',
      },
    });
    expect(await stored(member)).toEqual([]);
  });

  it('saves the settings, answers them as saved, and keeps the time when the reminder is turned off', async () => {
    const member = await person();
    const saved = await send(app)(member, { method: 'PUT', url, payload: settingsBody('21:45', true, true) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      daily_reminder: { enabled: true, time: '21:45' },
      weekly_summary: { enabled: true },
    });
    expect((await send(app)(member, { method: 'GET', url })).body).toEqual(saved.body);
    const off = await send(app)(member, { method: 'PUT', url, payload: settingsBody('21:45', false, true) });
    expect(off.body.daily_reminder).toEqual({ enabled: false, time: '21:45' });
    const [row] = await stored(member);
    expect(row).toMatchObject({
      dailyReminderEnabled: false,
      dailyReminderTime: '21:45:00',
      weeklySummaryEnabled: true,
    });
  });

  it('remembers that the dashboard offer was dismissed until told otherwise', async () => {
    const member = await person();
    const dismissed = await send(app)(member, {
      method: 'PUT',
      url,
      payload: { ...settingsBody('08:00', false), reminder_offer_dismissed: true },
    });
    expect(dismissed.body.reminder_offer_dismissed).toBe(true);
    const [first] = await stored(member);
    expect(first!.reminderOfferDismissedAt).toEqual(now);
    // Left out: unchanged.
    expect(
      (await send(app)(member, { method: 'PUT', url, payload: settingsBody() })).body.reminder_offer_dismissed,
    ).toBe(true);
    const undone = await send(app)(member, {
      method: 'PUT',
      url,
      payload: { ...settingsBody(), reminder_offer_dismissed: false },
    });
    expect(undone.body.reminder_offer_dismissed).toBe(false);
  });

  it('refuses a time off the 15-minute steps, or any malformed body, with a clear 400 and writes nothing', async () => {
    const member = await person();
    const refused: [unknown, RegExp][] = [
      [settingsBody('08:10'), /body\.daily_reminder\.time must be a time of day in 15-minute steps/],
      [settingsBody('24:00'), /daily_reminder\.time/],
      [settingsBody('8:00'), /daily_reminder\.time/],
      [settingsBody('08:00:00'), /daily_reminder\.time/],
      [settingsBody('noon'), /daily_reminder\.time/],
      [{ ...settingsBody(), daily_reminder: { enabled: 'yes', time: '08:00' } }, /daily_reminder\.enabled/],
      [{ daily_reminder: { enabled: true, time: '08:00' } }, /weekly_summary/],
      [{ ...settingsBody(), user_id: member.id }, /user_id/],
      [{ ...settingsBody(), daily_reminder: { enabled: true, time: '08:00', zone: 'UTC' } }, /zone/],
    ];
    for (const [payload, detail] of refused) {
      const answer = await send(app)(member, { method: 'PUT', url, payload: payload as object });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.detail).toMatch(detail);
    }
    expect(await stored(member)).toEqual([]);
    expect((await send(app)(null, { method: 'GET', url })).status).toBe(401);
    expect((await send(app)(null, { method: 'PUT', url, payload: settingsBody() })).status).toBe(401);
  });

  it('an unsubscribe link works without signing in, with the RFC 8058 one-click form, and turns off only its kind', async () => {
    const member = await person();
    await send(app)(member, { method: 'PUT', url, payload: settingsBody('06:15', true, true) });
    const token = signUnsubscribeToken({ secret: SECRET, userId: member.id, kind: 'daily_reminder' });
    const described = await app.inject({ method: 'GET', url: unsubscribeUrl(token) });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toEqual({ kind: 'daily_reminder', subscribed: true });

    const oneClick = await app.inject({
      method: 'POST',
      url: unsubscribeUrl(token),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ kind: 'daily_reminder', subscribed: false });
    const [row] = await stored(member);
    expect(row).toMatchObject({
      dailyReminderEnabled: false,
      dailyReminderTime: '06:15:00',
      weeklySummaryEnabled: true,
    });
    expect((await app.inject({ method: 'GET', url: unsubscribeUrl(token) })).json()).toEqual({
      kind: 'daily_reminder',
      subscribed: false,
    });
    // Again: nothing left to turn off, still a success.
    expect((await app.inject({ method: 'POST', url: unsubscribeUrl(token) })).statusCode).toBe(200);

    // The web page posts JSON; the weekly link turns off the summary alone.
    const weekly = signUnsubscribeToken({ secret: SECRET, userId: member.id, kind: 'weekly_summary' });
    const page = await app.inject({ method: 'POST', url: unsubscribeUrl(weekly), payload: {} });
    expect(page.json()).toEqual({ kind: 'weekly_summary', subscribed: false });
    const [after] = await stored(member);
    expect(after).toMatchObject({
      dailyReminderEnabled: false,
      weeklySummaryEnabled: false,
      dailyReminderTime: '06:15:00',
    });
    const [user] = await getDatabase().db.select().from(users).where(eq(users.id, member.id));
    expect(user!.timeZone).toBe('America/New_York');
  });

  it('refuses a forged or tampered link with a 4xx and changes nothing', async () => {
    const member = await person();
    const victim = await person();
    for (const who of [member, victim])
      await send(app)(who, { method: 'PUT', url, payload: settingsBody('08:00', true, true) });
    const before = [...(await stored(member)), ...(await stored(victim))];
    const token = signUnsubscribeToken({ secret: SECRET, userId: member.id, kind: 'daily_reminder' });
    const [, kind, signature] = token.split('.');
    const forged = [
      `${victim.id}.${kind}.${signature}`,
      `${member.id}.weekly_summary.${signature}`,
      `${member.id}.${kind}.${signature!.replace(/^./, (c) => (c === 'x' ? 'y' : 'x'))}`,
      signUnsubscribeToken({
        secret: 'someone-elses-secret-of-32-characters-or-more',
        userId: victim.id,
        kind: 'daily_reminder',
      }),
      'garbage',
      '',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await app.inject({
          method,
          url: unsubscribeUrl(bad),
          ...(method === 'POST'
            ? {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'List-Unsubscribe=One-Click',
              }
            : {}),
        });
        expect(answer.statusCode, `${method} ${bad}`).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, `${method} ${bad}`).toBeLessThan(500);
        expect(answer.json().detail).toMatch(/unsubscribe|token/i);
      }
    }
    const noToken = await app.inject({ method: 'POST', url: '/api/v1/notifications/unsubscribe' });
    expect(noToken.statusCode).toBe(400);
    const otherForm = await app.inject({
      method: 'POST',
      url: unsubscribeUrl(token),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Everything',
    });
    expect(otherForm.statusCode).toBe(400);
    expect([...(await stored(member)), ...(await stored(victim))]).toEqual(before);
  });

  it('a link of an account that no longer exists answers 404', async () => {
    const member = await person();
    const token = signUnsubscribeToken({ secret: SECRET, userId: member.id, kind: 'weekly_summary' });
    await getDatabase().db.delete(users).where(eq(users.id, member.id));
    const answer = await app.inject({ method: 'POST', url: unsubscribeUrl(token) });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().detail).toBe('This unsubscribe link belongs to an account that no longer exists.');
  });
});
