import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/each-database.ts';
import { createCohort, createHabit, createOrganisation, createProgramme, createUser } from '../test/factories.ts';
import type { Db } from './client.ts';
import {
  departmentGoals,
  departmentKpis,
  departments,
  endorsements,
  habitLogs,
  identities,
  moodEntries,
  organizationalGoals,
  teams,
  userHabits,
  users,
} from './schema/index.ts';

// Drizzle wraps driver errors; the PostgreSQL error (with its constraint name) is the cause.
async function constraintViolated(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
    const constraint = cause?.constraint ?? (error as { constraint?: string }).constraint;
    return constraint ?? `no constraint name: ${cause?.message ?? String(error)}`;
  }
  throw new Error('expected the statement to violate a constraint, but it succeeded');
}

async function memberWithHabit(db: Db) {
  const organisation = await createOrganisation(db);
  const programme = await createProgramme(db, { organisationId: organisation.id });
  const user = await createUser(db, { organisationId: organisation.id });
  const content = await createHabit(db, { programmeId: programme.id });
  const [userHabit] = await db
    .insert(userHabits)
    .values({ userId: user.id, habitId: content.habit.id, slot: 1, startedOn: '2026-11-01', targetDays: 60 })
    .returning();
  return { organisation, programme, user, ...content, userHabit: userHabit! };
}

describeEachDatabase('database constraints', (getDatabase) => {
  describe('habit logs', () => {
    it('allows one log per user habit per date', async () => {
      const { db } = getDatabase();
      const { userHabit } = await memberWithHabit(db);
      await db.insert(habitLogs).values({ userHabitId: userHabit.id, logDate: '2026-11-20', logType: 'completed' });
      expect(
        await constraintViolated(
          db.insert(habitLogs).values({ userHabitId: userHabit.id, logDate: '2026-11-20', logType: 'skipped' }),
        ),
      ).toBe('habit_logs_user_habit_date_key');
      await db.insert(habitLogs).values({ userHabitId: userHabit.id, logDate: '2026-11-21', logType: 'skipped' });
      const rows = await db.select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabit.id));
      expect(rows.map((r) => r.logDate).sort()).toEqual(['2026-11-20', '2026-11-21']);
    });

    it('accepts a positive change only on a completed log', async () => {
      const { db } = getDatabase();
      const { userHabit, positiveChanges } = await memberWithHabit(db);
      expect(
        await constraintViolated(
          db.insert(habitLogs).values({
            userHabitId: userHabit.id,
            logDate: '2026-11-20',
            logType: 'skipped',
            positiveChangeId: positiveChanges[0]!.id,
          }),
        ),
      ).toBe('habit_logs_change_only_when_completed');
    });

    it('bounds the note length', async () => {
      const { db } = getDatabase();
      const { userHabit } = await memberWithHabit(db);
      expect(
        await constraintViolated(
          db
            .insert(habitLogs)
            .values({ userHabitId: userHabit.id, logDate: '2026-11-20', logType: 'completed', note: 'x'.repeat(1001) }),
        ),
      ).toBe('habit_logs_note_length');
    });
  });

  describe('active habits', () => {
    it('keeps at most three active habits and one active row per habit', async () => {
      const { db } = getDatabase();
      const { user, programme, habit } = await memberWithHabit(db);
      expect(
        await constraintViolated(
          db
            .insert(userHabits)
            .values({ userId: user.id, habitId: habit.id, slot: 2, startedOn: '2026-11-02', targetDays: 60 }),
        ),
      ).toBe('user_habits_active_habit_key');
      const other = await createHabit(db, { programmeId: programme.id });
      expect(
        await constraintViolated(
          db
            .insert(userHabits)
            .values({ userId: user.id, habitId: other.habit.id, slot: 1, startedOn: '2026-11-02', targetDays: 60 }),
        ),
      ).toBe('user_habits_active_slot_key');
      expect(
        await constraintViolated(
          db
            .insert(userHabits)
            .values({ userId: user.id, habitId: other.habit.id, slot: 4, startedOn: '2026-11-02', targetDays: 60 }),
        ),
      ).toBe('user_habits_slot_range');
    });
  });

  describe('mood entries', () => {
    it('allows one entry per user per date, a value of 1..5 or a skip', async () => {
      const { db } = getDatabase();
      const organisation = await createOrganisation(db);
      const user = await createUser(db, { organisationId: organisation.id });
      await db.insert(moodEntries).values({ userId: user.id, entryDate: '2026-11-20', moodValue: 4 });
      expect(
        await constraintViolated(
          db.insert(moodEntries).values({ userId: user.id, entryDate: '2026-11-20', skipped: true }),
        ),
      ).toBe('mood_entries_user_date_key');
      expect(
        await constraintViolated(
          db.insert(moodEntries).values({ userId: user.id, entryDate: '2026-11-21', moodValue: 6 }),
        ),
      ).toBe('mood_entries_value_range');
      expect(
        await constraintViolated(
          db.insert(moodEntries).values({ userId: user.id, entryDate: '2026-11-21', moodValue: 0 }),
        ),
      ).toBe('mood_entries_value_range');
      expect(
        await constraintViolated(db.insert(moodEntries).values({ userId: user.id, entryDate: '2026-11-21' })),
      ).toBe('mood_entries_value_or_skip');
      await db.insert(moodEntries).values({ userId: user.id, entryDate: '2026-11-21', skipped: true });
      expect(await db.select().from(moodEntries).where(eq(moodEntries.userId, user.id))).toHaveLength(2);
    });
  });

  describe('endorsements', () => {
    it('allows one endorsement per endorser, endorsed and date, and never of oneself', async () => {
      const { db } = getDatabase();
      const organisation = await createOrganisation(db);
      const a = await createUser(db, { organisationId: organisation.id });
      const b = await createUser(db, { organisationId: organisation.id });
      const row = { endorserId: a.id, endorsedId: b.id, endorsedOn: '2026-11-20', message: 'Great work' };
      await db.insert(endorsements).values(row);
      expect(await constraintViolated(db.insert(endorsements).values(row))).toBe('endorsements_once_per_day_key');
      expect(
        await constraintViolated(
          db.insert(endorsements).values({ ...row, endorsedId: a.id, endorsedOn: '2026-11-21' }),
        ),
      ).toBe('endorsements_not_self');
      await db.insert(endorsements).values({ ...row, endorsedOn: '2026-11-21' });
      await db.insert(endorsements).values({ ...row, endorserId: b.id, endorsedId: a.id });
      expect(await db.select().from(endorsements).where(eq(endorsements.endorsedId, b.id))).toHaveLength(2);
    });
  });

  describe('people', () => {
    it('keeps e-mails unique and lower-case, identities unique per provider subject, one cohort per user', async () => {
      const { db } = getDatabase();
      const organisation = await createOrganisation(db);
      const programme = await createProgramme(db, { organisationId: organisation.id });
      const user = await createUser(db, { organisationId: organisation.id, email: 'ada@acme.example' });
      expect(
        await constraintViolated(createUser(db, { organisationId: organisation.id, email: 'ada@acme.example' })),
      ).toBe('users_email_unique');
      expect(
        await constraintViolated(createUser(db, { organisationId: organisation.id, email: 'Grace@acme.example' })),
      ).toBe('users_email_lower');
      const identity = {
        userId: user.id,
        provider: 'auth0' as const,
        issuer: 'https://idp.example/',
        subject: 'auth0|1',
      };
      await db.insert(identities).values(identity);
      expect(await constraintViolated(db.insert(identities).values(identity))).toBe('identities_issuer_subject_key');
      await createCohort(db, { organisationId: organisation.id, programmeId: programme.id, memberIds: [user.id] });
      expect(
        await constraintViolated(
          createCohort(db, { organisationId: organisation.id, programmeId: programme.id, memberIds: [user.id] }),
        ),
      ).toBe('cohort_members_user_key');
      expect(await db.select().from(users).where(eq(users.organisationId, organisation.id))).toHaveLength(1);
    });
  });

  describe('goals, departments and KPIs', () => {
    it('takes a goal at most once per department and a KPI only for a goal its department has', async () => {
      const { db } = getDatabase();
      const organisation = await createOrganisation(db);
      const programme = await createProgramme(db, { organisationId: organisation.id });
      const [team] = await db.insert(teams).values({ organisationId: organisation.id, name: 'Sales' }).returning();
      const [goalA, goalB] = await db
        .insert(organizationalGoals)
        .values([
          { programmeId: programme.id, title: 'Grow trust', sequenceOrder: 1 },
          { programmeId: programme.id, title: 'Ship faster', sequenceOrder: 2 },
        ])
        .returning();
      expect(
        await constraintViolated(db.insert(organizationalGoals).values({ programmeId: programme.id, title: '   ' })),
      ).toBe('organizational_goals_title_not_blank');
      const [department] = await db
        .insert(departments)
        .values({ programmeId: programme.id, teamId: team!.id, name: 'Sales' })
        .returning();
      await db.insert(departmentGoals).values({ departmentId: department!.id, organizationalGoalId: goalA!.id });
      expect(
        await constraintViolated(
          db.insert(departmentGoals).values({ departmentId: department!.id, organizationalGoalId: goalA!.id }),
        ),
      ).toBe('department_goals_department_id_organizational_goal_id_pk');
      await db
        .insert(departmentKpis)
        .values({ departmentId: department!.id, organizationalGoalId: goalA!.id, title: 'NPS above 40' });
      expect(
        await constraintViolated(
          db
            .insert(departmentKpis)
            .values({ departmentId: department!.id, organizationalGoalId: goalB!.id, title: 'Lead time under 2 days' }),
        ),
      ).toBe('department_kpis_department_goal_fk');
    });
  });
});
