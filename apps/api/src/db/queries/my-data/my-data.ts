import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../client.ts';
import {
  behaviours,
  endorsements,
  endorsementsSeen,
  habitLogs,
  habitPauses,
  habits,
  identities,
  moodEntries,
  notificationPreferences,
  notificationSends,
  organisations,
  positiveChanges,
  teams,
  userHabits,
  users,
} from '../../schema/index.ts';
import { findMemberCohort } from '../social/cohorts.ts';

// Everything HabiTrack holds about one user, read for their own export
// (docs/domain/my-data.md#only-the-callers-own-data). Each read names the user in its WHERE clause:
// nothing of anyone else can come back, except the names of the people who endorsed them or whom
// they endorsed.

export async function findProfileForExport(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      user: users,
      organisationName: organisations.name,
      team: { id: teams.id, name: teams.name },
      endorsementsSeenAt: endorsementsSeen.seenAt,
      notifications: {
        dailyReminderEnabled: notificationPreferences.dailyReminderEnabled,
        dailyReminderTime: notificationPreferences.dailyReminderTime,
        weeklySummaryEnabled: notificationPreferences.weeklySummaryEnabled,
      },
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(endorsementsSeen, eq(endorsementsSeen.userId, users.id))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  // One after the other: the export reads in a transaction, whose one connection runs one statement at a time.
  const accounts = await db
    .select({
      provider: identities.provider,
      issuer: identities.issuer,
      subject: identities.subject,
      linkedAt: identities.createdAt,
    })
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.createdAt));
  const cohort = await findMemberCohort(db, userId);
  return { ...row, accounts, cohort };
}

export function listHabitsForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      id: userHabits.id,
      habitId: userHabits.habitId,
      habitName: habits.name,
      behaviourName: behaviours.name,
      status: userHabits.status,
      startedOn: userHabits.startedOn,
      targetDays: userHabits.targetDays,
      daysCompleted: userHabits.daysCompleted,
      pausedDays: userHabits.pausedDays,
      frameEndsOn: userHabits.frameEndsOn,
      createdAt: userHabits.createdAt,
    })
    .from(userHabits)
    .innerJoin(habits, eq(habits.id, userHabits.habitId))
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .where(eq(userHabits.userId, userId))
    .orderBy(asc(userHabits.startedOn), asc(userHabits.createdAt));
}

export function listHabitLogsForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      id: habitLogs.id,
      userHabitId: habitLogs.userHabitId,
      habitName: habits.name,
      logDate: habitLogs.logDate,
      logType: habitLogs.logType,
      note: habitLogs.note,
      positiveChange: positiveChanges.name,
      createdAt: habitLogs.createdAt,
      updatedAt: habitLogs.updatedAt,
    })
    .from(habitLogs)
    .innerJoin(userHabits, eq(userHabits.id, habitLogs.userHabitId))
    .innerJoin(habits, eq(habits.id, userHabits.habitId))
    .leftJoin(positiveChanges, eq(positiveChanges.id, habitLogs.positiveChangeId))
    .where(eq(userHabits.userId, userId))
    .orderBy(asc(habitLogs.logDate), asc(habits.name));
}

export function listPausesForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      id: habitPauses.id,
      userHabitId: habitPauses.userHabitId,
      habitName: habits.name,
      startsOn: habitPauses.startsOn,
      endsOn: habitPauses.endsOn,
      createdAt: habitPauses.createdAt,
    })
    .from(habitPauses)
    .innerJoin(userHabits, eq(userHabits.id, habitPauses.userHabitId))
    .innerJoin(habits, eq(habits.id, userHabits.habitId))
    .where(eq(userHabits.userId, userId))
    .orderBy(asc(habitPauses.startsOn), asc(habits.name));
}

export function listNotificationsSentForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      kind: notificationSends.kind,
      localDate: notificationSends.localDate,
      createdAt: notificationSends.createdAt,
    })
    .from(notificationSends)
    .where(eq(notificationSends.userId, userId))
    .orderBy(asc(notificationSends.createdAt));
}

export function listMoodsForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      entryDate: moodEntries.entryDate,
      moodValue: moodEntries.moodValue,
      skipped: moodEntries.skipped,
      createdAt: moodEntries.createdAt,
    })
    .from(moodEntries)
    .where(eq(moodEntries.userId, userId))
    .orderBy(asc(moodEntries.entryDate));
}

const otherPerson = alias(users, 'other_person');

export function listEndorsementsGivenForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      id: endorsements.id,
      personId: otherPerson.id,
      personName: otherPerson.fullName,
      endorsedOn: endorsements.endorsedOn,
      message: endorsements.message,
      createdAt: endorsements.createdAt,
    })
    .from(endorsements)
    .innerJoin(otherPerson, eq(otherPerson.id, endorsements.endorsedId))
    .where(eq(endorsements.endorserId, userId))
    .orderBy(asc(endorsements.createdAt), asc(endorsements.id));
}

export function listEndorsementsReceivedForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      id: endorsements.id,
      personId: otherPerson.id,
      personName: otherPerson.fullName,
      endorsedOn: endorsements.endorsedOn,
      message: endorsements.message,
      createdAt: endorsements.createdAt,
    })
    .from(endorsements)
    .innerJoin(otherPerson, eq(otherPerson.id, endorsements.endorserId))
    .where(eq(endorsements.endorsedId, userId))
    .orderBy(asc(endorsements.createdAt), asc(endorsements.id));
}
