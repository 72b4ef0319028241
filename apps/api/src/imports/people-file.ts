import { z } from 'zod';
import { SUPPORTED_LOCALES } from '@habitrack/contracts/common/locales';
import type { ImportProblem } from './import-error.ts';
import { findDuplicates, formatVersion, optionalText, requiredText, slug } from './fields.ts';
import { formatPath, parseYamlFile, type FieldPath, type YamlFile } from './yaml-file.ts';

// Intl knows the IANA database the server uses for "today", so it is the judge of a valid zone.
// Offsets like +01:00 are refused on purpose: they ignore daylight saving.
function canonicalTimeZone(value: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    // Fix only the letter case (europe/london); an alias such as Asia/Calcutta stays as written.
    return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
  } catch {
    return undefined;
  }
}

const timeZone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as Europe/London' });
    return z.NEVER;
  });

// A shipped locale, in any letter case and with - or _ ("de-DE", "de_de"); anything else is the
// file's mistake, refused with its line (docs/domain/locales.md#the-directory).
const locale = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const wanted = value.replace(/_/g, '-').toLowerCase();
    const found = SUPPORTED_LOCALES.find((candidate) => candidate.toLowerCase() === wanted);
    if (found) return found;
    ctx.addIssue({
      code: 'custom',
      message: `unknown locale "${value}": HabiTrack speaks ${SUPPORTED_LOCALES.join(', ')}`,
    });
    return z.NEVER;
  });

const EMAIL_MAX = 254;
const NAME_MAX = 200;

// Lower-cased because users.email is stored lower-case (users_email_lower).
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('must be an e-mail address'));

// Names are keys of unique indexes (teams, cohorts) or shown everywhere (people): bounded, so a
// file never reaches the database's limit on an index entry.
const name = requiredText.max(NAME_MAX, `must be at most ${NAME_MAX} characters`);

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'must be at most 253 characters, as a domain name is')
  .regex(/^([a-z0-9-]+\.)+[a-z0-9-]+$/, 'must be a domain name such as acme.example');

const organisation = z.strictObject({
  slug,
  name,
  // Absent = keep what the organisation already has (see importing.md, "Idempotency").
  email_domains: z.array(domain).optional(),
  azure_tenant_ids: z.array(z.guid('must be a tenant id (a GUID)').toLowerCase()).optional(),
});

const team = z.strictObject({
  name,
  type: name.default('team'),
});

const user = z.strictObject({
  email,
  full_name: name,
  job_title: optionalText.refine((v) => v === null || v.length <= NAME_MAX, `must be at most ${NAME_MAX} characters`),
  role: z.enum(['leader', 'team_leader', 'member']).default('member'),
  // The administrator right (docs/domain/administration.md#administrators), independent of the
  // role.
  is_admin: z.boolean().default(false),
  // Only used when the user is created: afterwards the browser keeps it current.
  time_zone: timeZone.optional(),
  // The team the user belongs to (users.team_id), one listed under teams; absent = left as it is.
  team: name.optional(),
  // The language the organisation gives them (users.directory_locale); absent = left as it is.
  locale: locale.optional(),
  manages: z.array(name).default([]),
});

// One user as the people file holds them; the CSV reader checks each row with it.
export const PeopleUserSchema = user;

const cohort = z.strictObject({
  name,
  programme: slug,
  members: z.array(email).default([]),
});

export const PeopleFileSchema = z.strictObject({
  version: formatVersion,
  organisation,
  teams: z.array(team).default([]),
  users: z.array(user).default([]),
  cohorts: z.array(cohort).default([]),
});

export type PeopleFile = z.output<typeof PeopleFileSchema>;

// Cross-references that can be checked from the file alone. Member e-mails not listed under
// users are checked against the database later, so a file may add a cohort of existing people.
function crossReferenceProblems(file: YamlFile<PeopleFile>): ImportProblem[] {
  const { data, problemAt } = file;
  const problems: ImportProblem[] = [];
  const duplicate = (path: FieldPath, firstPath: FieldPath, what: string) =>
    problems.push(problemAt(path, `${what} repeats ${formatPath(firstPath)}`));

  for (const d of findDuplicates(
    data.teams,
    (t) => t.name,
    (i) => ['teams', i, 'name'],
  )) {
    duplicate(d.path, d.firstPath, 'team name');
  }
  for (const d of findDuplicates(
    data.users,
    (u) => u.email,
    (i) => ['users', i, 'email'],
  )) {
    duplicate(d.path, d.firstPath, 'e-mail');
  }
  for (const d of findDuplicates(
    data.cohorts,
    (c) => c.name,
    (i) => ['cohorts', i, 'name'],
  )) {
    duplicate(d.path, d.firstPath, 'cohort name');
  }

  const teamNames = new Set(data.teams.map((t) => t.name.toLowerCase()));
  data.users.forEach((u, ui) => {
    if (u.team !== undefined && !teamNames.has(u.team.toLowerCase())) {
      problems.push(problemAt(['users', ui, 'team'], `unknown team "${u.team}": it is not listed under teams`));
    }
    u.manages.forEach((teamName, ti) => {
      const path = ['users', ui, 'manages', ti];
      if (!teamNames.has(teamName.toLowerCase())) {
        problems.push(problemAt(path, `unknown team "${teamName}": it is not listed under teams`));
      } else if (u.role !== 'team_leader') {
        problems.push(problemAt(path, `only a team_leader manages teams, but this user's role is ${u.role}`));
      }
    });
  });

  // A user is in at most one cohort (cohort_members_user_key): the second mention is the mistake.
  const cohortOf = new Map<string, number>();
  data.cohorts.forEach((c, ci) => {
    c.members.forEach((member, mi) => {
      const path = ['cohorts', ci, 'members', mi];
      const earlier = cohortOf.get(member);
      if (earlier === undefined) cohortOf.set(member, ci);
      else if (earlier === ci) problems.push(problemAt(path, `${member} is listed twice in this cohort`));
      else {
        const other = data.cohorts[earlier]?.name ?? '';
        problems.push(problemAt(path, `${member} is already a member of "${other}"; a user is in at most one cohort`));
      }
    });
  });
  return problems;
}

export type CheckedPeopleFile = YamlFile<PeopleFile> & { problems: ImportProblem[] };

export function parsePeopleFile(options: { source: string; fileName: string }): CheckedPeopleFile {
  const file = parseYamlFile({ ...options, schema: PeopleFileSchema });
  return withProblems(file);
}

// The checks that need only the file, for a file read from another format (CSV).
export function withProblems(file: YamlFile<PeopleFile>): CheckedPeopleFile {
  return { ...file, problems: crossReferenceProblems(file) };
}
