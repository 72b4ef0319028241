import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { organisations, programmes, teams, users } from '../db/schema/index.ts';
import type { ImportProblem } from './import-error.ts';
import type { PeopleFile } from './people-file.ts';
import type { YamlFile } from './yaml-file.ts';

// Cross-references that need the database. Run inside the import transaction before anything is
// written, so a failing file leaves no trace and the checks see the same data the writes will.
export async function databaseProblems(tx: Tx, file: YamlFile<PeopleFile>) {
  const { data, problemAt } = file;
  const problems: ImportProblem[] = [];
  const [org] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, data.organisation.slug));

  // Cohorts run a programme of the same organisation, imported beforehand with `programme import`.
  const slugs = [...new Set(data.cohorts.map((c) => c.programme))];
  const known = new Map<string, string>();
  if (org && slugs.length > 0) {
    const rows = await tx
      .select({ id: programmes.id, slug: programmes.slug })
      .from(programmes)
      .where(and(eq(programmes.organisationId, org.id), inArray(programmes.slug, slugs)));
    for (const r of rows) known.set(r.slug, r.id);
  }
  data.cohorts.forEach((c, i) => {
    if (!known.has(c.programme)) {
      const message = `unknown programme "${c.programme}" in organisation ${data.organisation.slug}; import the programme file first`;
      problems.push(problemAt(['cohorts', i, 'programme'], message));
    }
  });

  // E-mails are unique across all organisations: an import must never take over another
  // customer's user.
  const emails = data.users.map((u) => u.email);
  if (emails.length > 0) {
    const foreign = await tx
      .select({ email: users.email })
      .from(users)
      .where(org ? and(inArray(users.email, emails), ne(users.organisationId, org.id)) : inArray(users.email, emails));
    const taken = new Set(foreign.map((r) => r.email));
    data.users.forEach((u, i) => {
      if (taken.has(u.email)) {
        problems.push(problemAt(['users', i, 'email'], `${u.email} already belongs to another organisation`));
      }
    });
  }

  // A member must be listed under users or already be a user of this organisation.
  const listed = new Set(emails);
  const outside = [...new Set(data.cohorts.flatMap((c) => c.members).filter((m) => !listed.has(m)))];
  const existing = new Set<string>();
  if (org && outside.length > 0) {
    const rows = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.organisationId, org.id), inArray(users.email, outside)));
    for (const r of rows) existing.add(r.email);
  }
  data.cohorts.forEach((c, ci) => {
    c.members.forEach((m, mi) => {
      if (!listed.has(m) && !existing.has(m)) {
        const message = `unknown member ${m}: not listed under users and not a user of ${data.organisation.slug}`;
        problems.push(problemAt(['cohorts', ci, 'members', mi], message));
      }
    });
  });

  if (org) problems.push(...(await archivedTeamProblems(tx, file, org.id)));
  if (org) problems.push(...(await lastAdminProblems(tx, file, org.id)));
  return { problems, programmeIds: known };
}

// An archived team (its SCIM group deleted) keeps its people and takes nobody new
// (docs/domain/scim.md#groups-are-teams): moving someone into one is a problem of the file.
async function archivedTeamProblems(tx: Tx, file: YamlFile<PeopleFile>, organisationId: string) {
  const archived = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), isNotNull(teams.archivedAt)));
  if (archived.length === 0) return [];
  const byName = new Map(archived.map((t) => [t.name.toLowerCase(), t]));
  const placed = file.data.users.filter((u) => u.team !== undefined && byName.has(u.team.toLowerCase()));
  if (placed.length === 0) return [];
  const current = await tx
    .select({ email: users.email, teamId: users.teamId })
    .from(users)
    .where(
      inArray(
        users.email,
        placed.map((u) => u.email),
      ),
    );
  const teamOf = new Map(current.map((r) => [r.email, r.teamId]));
  const problems: ImportProblem[] = [];
  file.data.users.forEach((u, i) => {
    const team = u.team === undefined ? undefined : byName.get(u.team.toLowerCase());
    if (team && teamOf.get(u.email) !== team.id) {
      const message = `team "${team.name}" is archived: its group was deleted in your directory, so it takes nobody new; provisioning the group again restores it`;
      problems.push(file.problemAt(['users', i, 'team'], message));
    }
  });
  return problems;
}

// The organisation keeps an active administrator (docs/domain/administration.md#administrators; the
// database's users_keep_last_admin trigger refuses it anyway): a file that would take the right
// from every active administrator, and give it to no active user, is a problem of the file,
// reported before anything is written. `is_admin` left out of a user means false, so listing an
// administrator without it is the usual way to trip this.
async function lastAdminProblems(tx: Tx, file: YamlFile<PeopleFile>, organisationId: string) {
  const { data, problemAt } = file;
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), users.isAdmin, isNull(users.deactivatedAt)));
  if (admins.length === 0) return [];
  const demoted = new Set(data.users.filter((u) => !u.is_admin).map((u) => u.email));
  if (admins.some((a) => !demoted.has(a.email))) return [];
  // Someone the file makes an administrator who will be active: new, or an active user.
  const promoted = data.users.filter((u) => u.is_admin).map((u) => u.email);
  if (promoted.length > 0) {
    const existing = await tx
      .select({ email: users.email, organisationId: users.organisationId, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(inArray(users.email, promoted));
    const inactive = new Set(
      existing.filter((r) => r.organisationId !== organisationId || r.deactivatedAt !== null).map((r) => r.email),
    );
    if (promoted.some((email) => !inactive.has(email))) return [];
  }
  const adminEmails = new Set(admins.map((a) => a.email));
  return data.users.flatMap((u, i) =>
    adminEmails.has(u.email)
      ? [
          problemAt(
            ['users', i, 'is_admin'],
            `${u.email} is the last active administrator of ${data.organisation.slug}: the file would take the right away (is_admin is false or left out); keep is_admin: true, or make another active person an administrator`,
          ),
        ]
      : [],
  );
}
