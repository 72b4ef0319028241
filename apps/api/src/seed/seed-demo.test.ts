import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  cohortMembers,
  cohorts,
  endorsements,
  habitLogs,
  habits,
  moodEntries,
  positiveChanges,
  userHabits,
  users,
} from '../db/schema/index.ts';
import { parseProgrammeFile } from '../imports/programme-file.ts';
import { snapshotTables } from '../imports/testing/table-snapshot.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { addDays, localDate } from '../lib/local-date.ts';
import { RECENT_HABIT_STARTED_DAYS_AGO } from './demo-history.ts';
import { DEMO_EXTRA_PEOPLE } from './demo-people.ts';
import {
  DEMO_COHORT_NAME,
  DEMO_NEW_MEMBER_EMAIL,
  demoAccounts,
  isSeeded,
  seedDemo,
  type SeedResult,
} from './seed-demo.ts';

// Late evening in London is already tomorrow in Paris: local dates must differ per member.
const TODAY = new Date('2026-11-22T23:30:00Z');
const extraEmails = new Set(DEMO_EXTRA_PEOPLE.map((p) => p.email));

describeEachDatabase('seedDemo', (getDb) => {
  let result: SeedResult;
  beforeAll(async () => {
    expect(await isSeeded(getDb().db)).toBe(false);
    result = await seedDemo(getDb().db, { today: TODAY });
  });

  async function loadCohort() {
    return getDb()
      .db.select({ user: users })
      .from(users)
      .innerJoin(cohortMembers, eq(cohortMembers.userId, users.id))
      .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
      .where(eq(cohorts.name, DEMO_COHORT_NAME))
      .orderBy(asc(users.email))
      .then((rows) => rows.map((r) => r.user));
  }

  it('seeds one cohort with the demo accounts and the extra people', async () => {
    expect(result.seeded).toBe(true);
    const cohort = await loadCohort();
    expect(demoAccounts()).toHaveLength(10);
    expect(cohort).toHaveLength(10 + DEMO_EXTRA_PEOPLE.length);
    expect(cohort.map((u) => u.email)).toEqual(expect.arrayContaining(DEMO_EXTRA_PEOPLE.map((p) => p.email)));
    const stored = cohort.map((u) => ({ email: u.email, name: u.fullName, role: u.role }));
    expect(stored).toEqual(
      expect.arrayContaining(demoAccounts().map((a) => ({ email: a.email, name: a.name, role: a.role }))),
    );
    // The demo organisation has one administrator (docs/domain/administration.md#administrators).
    expect(cohort.filter((u) => u.isAdmin).map((u) => u.email)).toEqual(['eleanor.whitfield@acme.example']);
    expect(demoAccounts().filter((a) => a.role === 'leader')).toHaveLength(1);
    expect(demoAccounts().filter((a) => a.role === 'team_leader')).toHaveLength(1);
  });

  it('gives four members of the cohort the language they prefer, from the people file, and nobody else one', async () => {
    const cohort = await loadCohort();
    const locales = Object.fromEntries(
      cohort.filter((u) => u.directoryLocale !== null).map((u) => [u.email, u.directoryLocale]),
    );
    expect(locales).toEqual({
      'hannah.berg@acme.example': 'de-DE',
      'lucas.martin@acme.example': 'fr-FR',
      'mei.tanaka@acme.example': 'ja-JP',
      'fatima.haddad@acme.example': 'ar',
    });
    // Their own choice is theirs to make: the seed makes none.
    expect(cohort.filter((u) => u.locale !== null)).toEqual([]);
    // The printed list of demo accounts says so too.
    expect(
      Object.fromEntries(
        demoAccounts()
          .filter((a) => a.locale)
          .map((a) => [a.email, a.locale]),
      ),
    ).toEqual(locales);
  });

  it('gives members 1-3 active habits started 3-5 weeks ago (extra people: one recent, the others 5-10), and nobody else any', async () => {
    const cohort = await loadCohort();
    const rows = await getDb()
      .db.select({ uh: userHabits, defaultDays: habits.defaultDurationDays })
      .from(userHabits)
      .innerJoin(habits, eq(habits.id, userHabits.habitId));
    const tracking = cohort.filter((u) => u.role === 'member' && u.email !== DEMO_NEW_MEMBER_EMAIL);
    expect(tracking.length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.uh.userId))).toEqual(new Set(tracking.map((u) => u.id)));
    for (const user of tracking) {
      const own = rows.filter((r) => r.uh.userId === user.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(own.map((r) => r.uh.slot).sort()).toEqual([1, 2, 3].slice(0, own.length));
      const today = localDate(TODAY, user.timeZone);
      for (const { uh, defaultDays } of own) {
        expect(uh.status).toBe('active');
        expect(uh.targetDays).toBe(defaultDays);
        // The extra people: a habit taken up in the last 4 weeks, the others 5-10 weeks ago.
        const [soonest, latest] = !extraEmails.has(user.email)
          ? [21, 35]
          : uh.slot === 1
            ? RECENT_HABIT_STARTED_DAYS_AGO
            : [35, 70];
        expect(uh.startedOn >= addDays(today, -latest) && uh.startedOn <= addDays(today, -soonest)).toBe(true);
      }
    }
  });

  it('writes plausible habit logs: most days, never today, changes only on completed days', async () => {
    const rows = await getDb()
      .db.select({ log: habitLogs, uh: userHabits, user: users })
      .from(habitLogs)
      .innerJoin(userHabits, eq(userHabits.id, habitLogs.userHabitId))
      .innerJoin(users, eq(users.id, userHabits.userId));
    const changes = await getDb()
      .db.select({ id: positiveChanges.id, habitId: positiveChanges.habitId })
      .from(positiveChanges);
    const habitOfChange = new Map(changes.map((c) => [c.id, c.habitId]));
    expect(rows.length).toBeGreaterThan(100);
    for (const { log, uh, user } of rows) {
      expect(log.logDate >= uh.startedOn).toBe(true);
      expect(log.logDate < localDate(TODAY, user.timeZone)).toBe(true);
      if (log.positiveChangeId) {
        expect(log.logType).toBe('completed');
        expect(habitOfChange.get(log.positiveChangeId)).toBe(uh.habitId);
      }
    }
    const types = new Set(rows.map((r) => r.log.logType));
    expect(types).toEqual(new Set(['completed', 'skipped']));
    expect(rows.some((r) => r.log.note)).toBe(true);
    expect(rows.some((r) => r.log.positiveChangeId)).toBe(true);
    // "Most days": every user habit is logged on at least 70% of its past days.
    // (No Map.groupBy: Node 20 is supported.)
    const perHabit = new Map<string, typeof rows>();
    for (const row of rows) perHabit.set(row.uh.id, [...(perHabit.get(row.uh.id) ?? []), row]);
    for (const logs of perHabit.values()) {
      const { uh, user } = logs[0]!;
      const days = (Date.parse(localDate(TODAY, user.timeZone)) - Date.parse(uh.startedOn)) / 86_400_000;
      expect(logs.length / days).toBeGreaterThan(0.7);
    }
  });

  it('records moods on most past days but leaves today empty for everyone', async () => {
    const cohort = await loadCohort();
    const moods = await getDb().db.select().from(moodEntries);
    expect(moods.length).toBeGreaterThan(80);
    for (const user of cohort) {
      const own = moods.filter((m) => m.userId === user.id);
      expect(own.some((m) => m.entryDate === localDate(TODAY, user.timeZone))).toBe(false);
      if (user.role !== 'member' || user.email === DEMO_NEW_MEMBER_EMAIL) expect(own).toHaveLength(0);
      else expect(own.length).toBeGreaterThan(15);
    }
    for (const m of moods) {
      if (m.skipped) expect(m.moodValue).toBeNull();
      else expect(m.moodValue).toBeGreaterThanOrEqual(1);
      expect(m.moodValue ?? 5).toBeLessThanOrEqual(5);
    }
    expect(moods.some((m) => m.skipped)).toBe(true);
    expect(new Set(moods.map((m) => m.moodValue)).size).toBeGreaterThanOrEqual(4);
  });

  it('adds endorsements between cohort mates who were tracking a habit', async () => {
    const cohort = await loadCohort();
    const byId = new Map(cohort.map((u) => [u.id, u]));
    const rows = await getDb().db.select().from(endorsements);
    const starts = await getDb().db.select().from(userHabits);
    expect(rows.length).toBeGreaterThan(20);
    const seen = new Set<string>();
    for (const e of rows) {
      const endorser = byId.get(e.endorserId);
      expect(endorser).toBeDefined();
      expect(byId.has(e.endorsedId)).toBe(true);
      expect(e.endorserId).not.toBe(e.endorsedId);
      expect(endorser!.email).not.toBe(DEMO_NEW_MEMBER_EMAIL);
      expect(e.endorsedOn < localDate(TODAY, endorser!.timeZone)).toBe(true);
      const earliest = starts
        .filter((s) => s.userId === e.endorsedId)
        .map((s) => s.startedOn)
        .sort()[0];
      expect(earliest! <= e.endorsedOn).toBe(true);
      const key = `${e.endorserId}/${e.endorsedId}/${e.endorsedOn}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });

  it('accepts terms for everyone except the new member, who has nothing yet', async () => {
    const cohort = await loadCohort();
    for (const user of cohort) {
      if (user.email === DEMO_NEW_MEMBER_EMAIL) {
        expect(user.termsAcceptedAt).toBeNull();
        expect(user.privacyAcceptedAt).toBeNull();
      } else {
        expect(user.termsAcceptedAt).toBeInstanceOf(Date);
        expect(user.privacyAcceptedAt).toBeInstanceOf(Date);
        expect(user.termsAcceptedAt!.getTime()).toBeLessThan(TODAY.getTime());
      }
    }
    const newMember = cohort.find((u) => u.email === DEMO_NEW_MEMBER_EMAIL)!;
    expect(await getDb().db.select().from(userHabits).where(eq(userHabits.userId, newMember.id))).toHaveLength(0);
  });

  it('reports what it wrote', async () => {
    const count = async (table: typeof userHabits | typeof habitLogs | typeof moodEntries | typeof endorsements) =>
      (await getDb().db.select().from(table)).length;
    expect(result).toEqual({
      seeded: true,
      userHabits: await count(userHabits),
      habitLogs: await count(habitLogs),
      moodEntries: await count(moodEntries),
      endorsements: await count(endorsements),
    });
  });

  it('is not seeded twice: isSeeded is true and a second seedDemo changes nothing', async () => {
    expect(await isSeeded(getDb().db)).toBe(true);
    const before = await snapshotTables(getDb().db);
    expect(await seedDemo(getDb().db, { today: TODAY })).toEqual({ seeded: false });
    expect(await snapshotTables(getDb().db)).toEqual(before);
  });

  it('keeps the new member in the cohort so the onboarding flow can be shown', async () => {
    const [row] = await getDb()
      .db.select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [DEMO_NEW_MEMBER_EMAIL]));
    const [membership] = await getDb().db.select().from(cohortMembers).where(eq(cohortMembers.userId, row!.id));
    expect(membership).toBeDefined();
  });
});

// The demo content is part of the product: check it says what the brief promises.
it('ships demo content with the promised shape', () => {
  const file = (name: string) => readFileSync(fileURLToPath(new URL(`../../seed/${name}`, import.meta.url)), 'utf8');
  const programme = parse(file('programme.yaml'));
  expect(programme.programme.name).toBe('Leadership Excellence Programme');
  expect(programme.programme.modules[0]).toBe('Module 1: Effective Communication');
  expect(programme.behaviours.length).toBeGreaterThanOrEqual(3);
  for (const behaviour of programme.behaviours) {
    expect(behaviour.habits.length).toBeGreaterThanOrEqual(3);
    for (const habit of behaviour.habits) {
      expect(habit.description && habit.instructions).toBeTruthy();
      expect(habit.tips.length).toBeGreaterThanOrEqual(2);
      expect(habit.positive_changes.length).toBeGreaterThanOrEqual(3);
      for (const change of habit.positive_changes) expect(change.category).toBeTruthy();
    }
  }
  const people = parse(file('people.yaml'));
  expect(people.organisation).toMatchObject({ slug: 'acme-corp', email_domains: ['acme.example'] });
  expect(people.teams.length).toBeGreaterThanOrEqual(3);
  expect(people.users.find((u: { role?: string }) => u.role === 'team_leader').manages).toHaveLength(2);
});

// The demo speaks German and French too (docs/domain/programme-content.md#languages): every text a
// member reads, in both, and the file passes the import's checks.
it('ships every demo text in German and French', () => {
  const source = readFileSync(fileURLToPath(new URL('../../seed/programme.yaml', import.meta.url)), 'utf8');
  const file = parseProgrammeFile({ source, fileName: 'programme.yaml' });
  expect(file.problems).toEqual([]);
  const { programme, behaviours } = file.data;
  expect(programme.default_locale).toBe('en-GB');
  const expectTranslated = (item: Record<string, unknown>, fields: string[]) => {
    for (const locale of ['de-DE', 'fr-FR']) {
      const translation = (item.translations as Record<string, Record<string, unknown>>)[locale];
      for (const field of fields) {
        if (item[field] === null) continue;
        expect(translation?.[field], `${String(item.name)}: ${field} in ${locale}`).toBeTruthy();
        // A category may be the same word ("Communication" in French); every other text is written anew.
        if (field !== 'category') {
          expect(translation?.[field], `${String(item.name)}: ${field} in ${locale}`).not.toEqual(item[field]);
        }
      }
    }
  };
  expectTranslated(programme, ['name', 'description', 'intro_content']);
  for (const locale of ['de-DE', 'fr-FR'] as const) {
    expect(programme.translations[locale]?.modules).toHaveLength(programme.modules.length);
  }
  for (const behaviour of behaviours) {
    expectTranslated(behaviour, ['name', 'description']);
    for (const habit of behaviour.habits) {
      expectTranslated(habit, ['name', 'description', 'instructions', 'tips']);
      for (const change of habit.positive_changes) expectTranslated(change, ['name', 'description', 'category']);
    }
  }
});
