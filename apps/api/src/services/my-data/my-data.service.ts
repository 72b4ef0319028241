import type { TMyDataExport } from '@habitrack/contracts/me/export-my-data';
import { MOOD_SCALE } from '@habitrack/contracts/mood/record-mood';
import {
  findProfileForExport,
  listEndorsementsGivenForExport,
  listEndorsementsReceivedForExport,
  listHabitLogsForExport,
  listHabitsForExport,
  listMoodsForExport,
  listNotificationsSentForExport,
  listPausesForExport,
} from '../../db/queries/my-data/my-data.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
const moodLabel = (value: number | null) =>
  MOOD_SCALE.find((mood) => mood.value === value)?.label ?? (value === null ? 'Skipped' : String(value));

// Everything HabiTrack holds about the caller, and only theirs, read in one snapshot (a
// repeatable-read transaction) so the sections agree with each other
// (docs/domain/my-data.md#only-the-callers-own-data).
export async function exportMyData(
  database: AppDatabase,
  options: { userId: string; now: Date },
): Promise<TMyDataExport> {
  const db = database.db;
  const { userId, now } = options;
  return db.transaction(
    async (tx) => {
      const profile = await findProfileForExport(tx, userId);
      if (!profile) throw notFound('Your account no longer exists.');
      // One after the other: a transaction is one connection, which runs one statement at a time
      // (node-postgres deprecates queueing several at once on a client).
      const habits = await listHabitsForExport(tx, userId);
      const logs = await listHabitLogsForExport(tx, userId);
      const pauses = await listPausesForExport(tx, userId);
      const moods = await listMoodsForExport(tx, userId);
      const given = await listEndorsementsGivenForExport(tx, userId);
      const received = await listEndorsementsReceivedForExport(tx, userId);
      const sent = await listNotificationsSentForExport(tx, userId);
      const { notifications } = profile;
      const { user } = profile;
      return {
        exported_at: iso(now),
        profile: {
          id: user.id,
          email: user.email,
          full_name: user.fullName,
          job_title: user.jobTitle,
          role: user.role,
          is_admin: user.isAdmin,
          directory_id: user.externalId,
          time_zone: user.timeZone,
          chosen_locale: user.locale,
          directory_locale: user.directoryLocale,
          organisation: { id: user.organisationId, name: profile.organisationName },
          team: profile.team,
          cohort: profile.cohort && {
            id: profile.cohort.id,
            name: profile.cohort.name,
            programme_name: profile.cohort.programme_name,
          },
          terms_accepted_at: isoOrNull(user.termsAcceptedAt),
          privacy_accepted_at: isoOrNull(user.privacyAcceptedAt),
          created_at: iso(user.createdAt),
          endorsements_seen_at: isoOrNull(profile.endorsementsSeenAt),
          notification_preferences: notifications && {
            daily_reminder_enabled: notifications.dailyReminderEnabled,
            daily_reminder_time: notifications.dailyReminderTime.slice(0, 5),
            weekly_summary_enabled: notifications.weeklySummaryEnabled,
          },
          sign_in_accounts: profile.accounts.map((account) => ({
            provider: account.provider,
            issuer: account.issuer,
            subject: account.subject,
            linked_at: iso(account.linkedAt),
          })),
        },
        habits: habits.map((habit) => ({
          id: habit.id,
          habit_id: habit.habitId,
          habit_name: habit.habitName,
          behaviour_name: habit.behaviourName,
          status: habit.status,
          started_on: habit.startedOn,
          target_days: habit.targetDays,
          days_completed: habit.daysCompleted,
          paused_days: habit.pausedDays,
          frame_ends_on: habit.frameEndsOn,
          created_at: iso(habit.createdAt),
        })),
        habit_logs: logs.map((log) => ({
          id: log.id,
          user_habit_id: log.userHabitId,
          habit_name: log.habitName,
          log_date: log.logDate,
          log_type: log.logType,
          note: log.note,
          positive_change: log.positiveChange,
          created_at: iso(log.createdAt),
          updated_at: iso(log.updatedAt),
        })),
        pauses: pauses.map((pause) => ({
          id: pause.id,
          user_habit_id: pause.userHabitId,
          habit_name: pause.habitName,
          starts_on: pause.startsOn,
          ends_on: pause.endsOn,
          created_at: iso(pause.createdAt),
        })),
        moods: moods.map((mood) => ({
          entry_date: mood.entryDate,
          mood_value: mood.moodValue,
          mood_label: moodLabel(mood.moodValue),
          skipped: mood.skipped,
          created_at: iso(mood.createdAt),
        })),
        endorsements_given: given.map((row) => ({
          id: row.id,
          endorsed: { id: row.personId, full_name: row.personName },
          endorsed_on: row.endorsedOn,
          message: row.message,
          created_at: iso(row.createdAt),
        })),
        endorsements_received: received.map((row) => ({
          id: row.id,
          endorser: { id: row.personId, full_name: row.personName },
          endorsed_on: row.endorsedOn,
          message: row.message,
          created_at: iso(row.createdAt),
        })),
        notifications_sent: sent.map((row) => ({
          kind: row.kind,
          local_date: row.localDate,
          created_at: iso(row.createdAt),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
