import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPORTS_PER_HOUR, TOO_MANY_EXPORTS, ZMyDataExport } from '@habitrack/contracts/me/export-my-data';
import type { App } from '../../app.ts';
import {
  endorsements,
  endorsementsSeen,
  habitLogs,
  habitPauses,
  moodEntries,
  positiveChanges,
  userHabits,
  users,
} from '../../db/schema/index.ts';
import { fingerprint } from '../../test/authorization-scene.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type Member, type World } from '../../test/world.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const URL = '/api/v1/me/export';

// Every warning the process raises while the exports run: a transaction is one connection, and
// node-postgres warns (once a process) when a client is asked for a statement while it runs another.
const warnings: string[] = [];
process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`));

describeEachDatabase('my data export API', (getDatabase) => {
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

  // A member with a habit, two check-ins (one with a note and a positive change), a pause, two
  // moods, an endorsement given and one received; `tag` marks their own free text.
  async function memberWithHistory(tag: string) {
    const { db } = getDatabase();
    const member = await world.person();
    await db
      .update(users)
      .set({ fullName: `Member ${tag}` })
      .where(eq(users.id, member.id));
    const [userHabit] = await db
      .insert(userHabits)
      .values({ userId: member.id, habitId: world.habits[0]!.id, slot: 1, startedOn: '2026-11-01', targetDays: 60 })
      .returning();
    const [change] = await db.select().from(positiveChanges).where(eq(positiveChanges.habitId, world.habits[0]!.id));
    await db.insert(habitLogs).values([
      {
        userHabitId: userHabit!.id,
        logDate: '2026-11-20',
        logType: 'completed',
        note: `Note of ${tag}`,
        positiveChangeId: change!.id,
      },
      { userHabitId: userHabit!.id, logDate: '2026-11-21', logType: 'skipped', note: '=HYPERLINK("http://x")' },
    ]);
    await db.insert(habitPauses).values({ userHabitId: userHabit!.id, startsOn: '2026-11-25', endsOn: '2026-11-27' });
    await db.insert(moodEntries).values([
      { userId: member.id, entryDate: '2026-11-20', moodValue: 4 },
      { userId: member.id, entryDate: '2026-11-21', skipped: true },
    ]);
    return { member, userHabitId: userHabit!.id };
  }

  const exportOf = (member: Member, query = '') =>
    app.inject({ method: 'GET', url: `${URL}${query}`, headers: member.headers });

  it("downloads everything about the caller as one JSON file, and nothing of anyone else's", async () => {
    const { db } = getDatabase();
    const { member, userHabitId } = await memberWithHistory('Alpha');
    const { member: other } = await memberWithHistory('Beta');
    await db.insert(endorsements).values([
      { endorserId: member.id, endorsedId: other.id, endorsedOn: '2026-11-19', message: 'Alpha cheers Beta' },
      {
        endorserId: other.id,
        endorsedId: member.id,
        endorsedOn: '2026-11-20',
        message: 'Beta cheers Alpha',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      },
    ]);
    await db.insert(endorsementsSeen).values({ userId: member.id, seenAt: new Date('2026-11-20T10:00:00Z') });
    const team = await world.team();
    await db
      .update(users)
      .set({ teamId: team.id, isAdmin: true, externalId: 'entra-7731', locale: 'ja-JP', directoryLocale: 'de-DE' })
      .where(eq(users.id, member.id));

    const response = await exportOf(member, '?format=json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="habitrack-my-data-2026-11-22.json"');
    const body = response.json();
    expect(ZMyDataExport.parse(body)).toEqual(body);
    expect(body.exported_at).toBe(NOW.toISOString());
    expect(body.profile).toMatchObject({
      id: member.id,
      email: member.email,
      full_name: 'Member Alpha',
      role: 'member',
      is_admin: true,
      directory_id: 'entra-7731',
      time_zone: 'Europe/London',
      chosen_locale: 'ja-JP',
      directory_locale: 'de-DE',
      organisation: { id: world.organisation.id, name: world.organisation.name },
      team: { id: team.id, name: team.name },
      cohort: { id: world.cohort.id, name: world.cohort.name, programme_name: world.programme.name },
      endorsements_seen_at: '2026-11-20T10:00:00.000Z',
      notification_preferences: null,
    });
    expect(body.profile.sign_in_accounts).toEqual([expect.objectContaining({ provider: 'auth0' })]);
    expect(body.habits).toEqual([
      expect.objectContaining({
        id: userHabitId,
        habit_name: world.habits[0]!.name,
        behaviour_name: 'Listening',
        status: 'active',
        started_on: '2026-11-01',
        days_completed: 1,
        paused_days: 3,
        frame_ends_on: '2027-01-02',
      }),
    ]);
    expect(body.habit_logs.map((l: { log_date: string; log_type: string; note: string | null }) => l)).toEqual([
      expect.objectContaining({ log_date: '2026-11-20', log_type: 'completed', note: 'Note of Alpha' }),
      expect.objectContaining({ log_date: '2026-11-21', log_type: 'skipped' }),
    ]);
    expect(body.habit_logs[0].positive_change).toEqual(expect.any(String));
    expect(body.pauses).toEqual([
      expect.objectContaining({ user_habit_id: userHabitId, starts_on: '2026-11-25', ends_on: '2026-11-27' }),
    ]);
    expect(body.moods).toEqual([
      expect.objectContaining({ entry_date: '2026-11-20', mood_value: 4, mood_label: 'Good', skipped: false }),
      expect.objectContaining({ entry_date: '2026-11-21', mood_value: null, mood_label: 'Skipped', skipped: true }),
    ]);
    expect(body.endorsements_given).toEqual([
      expect.objectContaining({ endorsed: { id: other.id, full_name: 'Member Beta' }, message: 'Alpha cheers Beta' }),
    ]);
    expect(body.endorsements_received).toEqual([
      expect.objectContaining({
        endorser: { id: other.id, full_name: 'Member Beta' },
        message: 'Beta cheers Alpha',
        endorsed_on: '2026-11-20',
        created_at: '2026-11-20T10:00:00.000Z',
      }),
    ]);
    expect(body.notifications_sent).toEqual([]);
    // The other member appears only as the person endorsed and the endorser, by id and name.
    expect(response.body).not.toContain('Note of Beta');
    expect(response.body).not.toContain(other.email);
  });

  it('downloads the same data as CSV files in a zip, formulas in free text escaped', async () => {
    const { member } = await memberWithHistory('Gamma');
    const response = await exportOf(member, '?format=zip');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="habitrack-my-data-2026-11-22.zip"');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'endorsements_given.csv',
      'endorsements_received.csv',
      'habit_logs.csv',
      'habits.csv',
      'moods.csv',
      'notifications_sent.csv',
      'pauses.csv',
      'profile.csv',
      'sign_in_accounts.csv',
    ]);
    const text = (name: string) => strFromU8(files[name]!).replace(/^\uFEFF/, '');
    const lines = (name: string) => text(name).trimEnd().split('\n');
    expect(lines('profile.csv')[0]).toMatch(
      /^id,email,full_name,job_title,role,is_admin,directory_id,time_zone,chosen_locale,directory_locale,organisation,team,cohort,/,
    );
    // Gamma chose no language, and their directory gave none.
    expect(lines('profile.csv')[1]).toContain(
      `${member.id},${member.email},Member Gamma,,member,false,,Europe/London,,,`,
    );
    expect(lines('moods.csv')).toEqual([
      'entry_date,mood_value,mood_label,skipped,created_at',
      expect.stringMatching(/^2026-11-20,4,Good,false,/),
      expect.stringMatching(/^2026-11-21,,Skipped,true,/),
    ]);
    expect(lines('pauses.csv')).toHaveLength(2);
    expect(lines('pauses.csv')[1]).toContain(',2026-11-25,2026-11-27,');
    const logs = text('habit_logs.csv');
    expect(logs).toContain('Note of Gamma');
    // A spreadsheet would run this as a formula: it is written as text.
    expect(logs).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines('endorsements_received.csv')).toEqual(['id,endorser_id,endorser_name,endorsed_on,message,created_at']);
    expect(text('README.txt')).toContain('Your HabiTrack data, exported at 2026-11-22T12:00:00.000Z');
  });

  it('refuses an unknown format with 400, writing and counting nothing', async () => {
    const member = await world.person();
    await exportOf(member); // signed in once: their identity is linked before the refusals
    const before = await fingerprint(getDatabase().db);
    for (const query of ['?format=xml', '?format=', '?format=JSON']) {
      const response = await exportOf(member, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Invalid request: querystring.format must be json or zip');
    }
    expect(await fingerprint(getDatabase().db)).toEqual(before);
    for (let i = 1; i < EXPORTS_PER_HOUR; i++) expect((await exportOf(member)).statusCode).toBe(200);
  });

  it(`allows ${EXPORTS_PER_HOUR} exports per hour per member, then answers 429 saying so`, async () => {
    const member = await world.person();
    const neighbour = await world.person();
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      expect((await exportOf(member, i % 2 ? '?format=zip' : '')).statusCode).toBe(200);
    }
    const refused = await exportOf(member, '?format=zip');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_EXPORTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Each member has their own budget, and the rest of the API is not limited by it.
    expect((await exportOf(neighbour)).statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: member.headers });
    expect(me.statusCode).toBe(200);
  });

  it('reads its snapshot one statement at a time: no client is asked for two at once', () => {
    expect(warnings.filter((warning) => warning.includes('client.query()'))).toEqual([]);
  });
});
