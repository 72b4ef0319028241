import type { TMyDataExport } from '@habitrack/contracts/me/export-my-data';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';

type Row = Record<string, string | number | boolean | null>;

// One CSV per section of the export, UTF-8 with a byte order mark (so spreadsheet programs read
// names with accents right), a header row, and formula-looking text (=, +, -, @) escaped so
// opening the file in a spreadsheet never runs anything a message or note contains.
function csv(columns: string[], rows: Row[]): string {
  return stringify(rows, {
    header: true,
    columns,
    bom: true,
    escape_formulas: true,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

export function exportCsvFiles(data: TMyDataExport): Record<string, string> {
  const { profile } = data;
  return {
    'profile.csv': csv(
      [
        'id',
        'email',
        'full_name',
        'job_title',
        'role',
        'is_admin',
        'directory_id',
        'time_zone',
        'chosen_locale',
        'directory_locale',
        'organisation',
        'team',
        'cohort',
        'programme',
        'terms_accepted_at',
        'privacy_accepted_at',
        'created_at',
        'endorsements_seen_at',
        'daily_reminder_enabled',
        'daily_reminder_time',
        'weekly_summary_enabled',
      ],
      [
        {
          id: profile.id,
          email: profile.email,
          full_name: profile.full_name,
          job_title: profile.job_title,
          role: profile.role,
          is_admin: profile.is_admin,
          directory_id: profile.directory_id,
          time_zone: profile.time_zone,
          chosen_locale: profile.chosen_locale,
          directory_locale: profile.directory_locale,
          organisation: profile.organisation.name,
          team: profile.team?.name ?? null,
          cohort: profile.cohort?.name ?? null,
          programme: profile.cohort?.programme_name ?? null,
          terms_accepted_at: profile.terms_accepted_at,
          privacy_accepted_at: profile.privacy_accepted_at,
          created_at: profile.created_at,
          endorsements_seen_at: profile.endorsements_seen_at,
          daily_reminder_enabled: profile.notification_preferences?.daily_reminder_enabled ?? false,
          daily_reminder_time: profile.notification_preferences?.daily_reminder_time ?? null,
          weekly_summary_enabled: profile.notification_preferences?.weekly_summary_enabled ?? false,
        },
      ],
    ),
    'sign_in_accounts.csv': csv(['provider', 'issuer', 'subject', 'linked_at'], profile.sign_in_accounts),
    'habits.csv': csv(
      [
        'id',
        'habit_id',
        'habit_name',
        'behaviour_name',
        'status',
        'started_on',
        'target_days',
        'days_completed',
        'paused_days',
        'frame_ends_on',
        'created_at',
      ],
      data.habits,
    ),
    'habit_logs.csv': csv(
      [
        'id',
        'user_habit_id',
        'habit_name',
        'log_date',
        'log_type',
        'note',
        'positive_change',
        'created_at',
        'updated_at',
      ],
      data.habit_logs,
    ),
    'pauses.csv': csv(['id', 'user_habit_id', 'habit_name', 'starts_on', 'ends_on', 'created_at'], data.pauses),
    'moods.csv': csv(['entry_date', 'mood_value', 'mood_label', 'skipped', 'created_at'], data.moods),
    'endorsements_given.csv': csv(
      ['id', 'endorsed_id', 'endorsed_name', 'endorsed_on', 'message', 'created_at'],
      data.endorsements_given.map(({ endorsed, ...row }) => ({
        ...row,
        endorsed_id: endorsed.id,
        endorsed_name: endorsed.full_name,
      })),
    ),
    'endorsements_received.csv': csv(
      ['id', 'endorser_id', 'endorser_name', 'endorsed_on', 'message', 'created_at'],
      data.endorsements_received.map(({ endorser, ...row }) => ({
        ...row,
        endorser_id: endorser.id,
        endorser_name: endorser.full_name,
      })),
    ),
    'notifications_sent.csv': csv(['kind', 'local_date', 'created_at'], data.notifications_sent),
  };
}

const README = (exportedAt: string) => `Your HabiTrack data, exported at ${exportedAt} (UTC).

profile.csv                 who you are in HabiTrack: name, e-mail, role, administrator right,
                            directory id, organisation, team, cohort, e-mail settings
sign_in_accounts.csv        the sign-in accounts linked to you
habits.csv                  every habit you picked, active or not
habit_logs.csv              your check-ins: one row per habit and day
pauses.csv                  the days you paused a habit
moods.csv                   your daily moods (1 Awful ... 5 Great, or skipped)
endorsements_given.csv      the endorsements you sent
endorsements_received.csv   the endorsements you received
notifications_sent.csv      the reminder and summary e-mails sent to you

Dates are your local dates (YYYY-MM-DD); times are UTC (ISO 8601).
`;

// The CSV files and a README in one zip.
export function exportZip(data: TMyDataExport): Uint8Array {
  const mtime = new Date(data.exported_at);
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {
    'README.txt': [strToU8(README(data.exported_at)), { mtime }],
  };
  for (const [name, text] of Object.entries(exportCsvFiles(data))) files[name] = [strToU8(text), { mtime }];
  return zipSync(files, { level: 6 });
}
