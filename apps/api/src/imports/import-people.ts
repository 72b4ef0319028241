import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { transactionOrDryRun } from '../db/dry-run.ts';
import { cohortMembers, cohorts, organisations, teamManagers, teams, users } from '../db/schema/index.ts';
import { ImportError } from './import-error.ts';
import { databaseProblems } from './people-checks.ts';
import { parsePeopleFile, type CheckedPeopleFile, type PeopleFile } from './people-file.ts';
import { keyOf, lookup, mergeUpserted, noCounts, updateWhenChanged, type EntityCounts } from './upsert.ts';

export type PeopleImportSummary = {
  organisationSlug: string;
  organisation: EntityCounts;
  teams: EntityCounts;
  users: EntityCounts;
  // created = newly linked; a manager link has no other fields, so it is never "updated".
  teamManagers: EntityCounts;
  cohorts: EntityCounts;
  // created = joined a cohort, updated = moved here from another cohort.
  cohortMembers: EntityCounts;
};

async function upsertOrganisation(tx: Tx, org: PeopleFile['organisation']) {
  const before = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, org.slug));
  // Lists left out of the file keep their stored value (a new organisation starts with none).
  const updated = {
    name: organisations.name,
    ...(org.email_domains ? { emailDomains: organisations.emailDomains } : {}),
    ...(org.azure_tenant_ids ? { azureTenantIds: organisations.azureTenantIds } : {}),
  };
  const written = await tx
    .insert(organisations)
    .values({
      slug: org.slug,
      name: org.name,
      emailDomains: [...new Set(org.email_domains ?? [])],
      azureTenantIds: [...new Set(org.azure_tenant_ids ?? [])],
    })
    .onConflictDoUpdate({ target: organisations.slug, ...updateWhenChanged(updated) })
    .returning({ id: organisations.id });
  const keyed = (r: { id: string }) => ({ key: org.slug, id: r.id });
  const merged = mergeUpserted([org.slug], before.map(keyed), written.map(keyed));
  return { id: merged.idOf(org.slug), counts: merged.counts };
}

async function upsertTeams(tx: Tx, organisationId: string, file: PeopleFile) {
  if (file.teams.length === 0) return mergeUpserted([], [], []);
  const before = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.organisationId, organisationId));
  const written = await tx
    .insert(teams)
    .values(file.teams.map((t) => ({ organisationId, name: t.name, type: t.type })))
    .onConflictDoUpdate({ target: [teams.organisationId, teams.name], ...updateWhenChanged({ type: teams.type }) })
    .returning({ id: teams.id, name: teams.name });
  const keyed = (r: { id: string; name: string }) => ({ key: r.name, id: r.id });
  return mergeUpserted(
    file.teams.map((t) => t.name),
    before.map(keyed),
    written.map(keyed),
  );
}

async function upsertUsers(tx: Tx, organisationId: string, file: PeopleFile, teamId: (name: string) => string) {
  if (file.users.length === 0) return mergeUpserted([], [], []);
  const emails = file.users.map((u) => u.email);
  const before = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  // `team` matches team names case-insensitively (as the file check did); map to the exact name.
  const exactName = new Map(file.teams.map((t) => [t.name.toLowerCase(), t.name]));
  const changed = updateWhenChanged({
    fullName: users.fullName,
    jobTitle: users.jobTitle,
    role: users.role,
    isAdmin: users.isAdmin,
  });
  const written = await tx
    .insert(users)
    .values(
      file.users.map((u) => ({
        organisationId,
        email: u.email,
        fullName: u.full_name,
        jobTitle: u.job_title,
        role: u.role,
        isAdmin: u.is_admin,
        timeZone: u.time_zone ?? 'UTC',
        teamId: u.team === undefined ? null : teamId(lookup(exactName, u.team.toLowerCase())),
        directoryLocale: u.locale ?? null,
      })),
    )
    // time_zone is deliberately not updated: after the first sign-in the browser owns it. A user
    // without `team` or `locale` in the file keeps theirs (excluded's is null then).
    .onConflictDoUpdate({
      target: users.email,
      set: {
        ...changed.set,
        teamId: sql`coalesce(excluded.team_id, ${users.teamId})`,
        directoryLocale: sql`coalesce(excluded.directory_locale, ${users.directoryLocale})`,
      },
      setWhere: sql`${changed.setWhere}
        or (excluded.team_id is not null and excluded.team_id is distinct from ${users.teamId})
        or (excluded.directory_locale is not null and excluded.directory_locale is distinct from ${users.directoryLocale})`,
    })
    .returning({ id: users.id, email: users.email });
  const keyed = (r: { id: string; email: string }) => ({ key: r.email, id: r.id });
  return mergeUpserted(emails, before.map(keyed), written.map(keyed));
}

async function linkManagers(
  tx: Tx,
  file: PeopleFile,
  teamId: (name: string) => string,
  userId: (email: string) => string,
) {
  // `manages` matches team names case-insensitively (as the file check did); map to the exact name.
  const exactName = new Map(file.teams.map((t) => [t.name.toLowerCase(), t.name]));
  const rows = file.users.flatMap((u) =>
    u.manages.map((name) => ({ teamId: teamId(lookup(exactName, name.toLowerCase())), userId: userId(u.email) })),
  );
  const counts = noCounts();
  if (rows.length === 0) return counts;
  const unique = [...new Map(rows.map((r) => [keyOf(r.teamId, r.userId), r])).values()];
  const added = await tx
    .insert(teamManagers)
    .values(unique)
    .onConflictDoNothing()
    .returning({ teamId: teamManagers.teamId });
  counts.created = added.length;
  counts.unchanged = unique.length - added.length;
  return counts;
}

async function upsertCohorts(tx: Tx, organisationId: string, file: PeopleFile, programmeIds: Map<string, string>) {
  if (file.cohorts.length === 0) return mergeUpserted([], [], []);
  const before = await tx
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .where(eq(cohorts.organisationId, organisationId));
  const written = await tx
    .insert(cohorts)
    .values(file.cohorts.map((c) => ({ organisationId, name: c.name, programmeId: lookup(programmeIds, c.programme) })))
    .onConflictDoUpdate({
      target: [cohorts.organisationId, cohorts.name],
      ...updateWhenChanged({ programmeId: cohorts.programmeId }),
    })
    .returning({ id: cohorts.id, name: cohorts.name });
  const keyed = (r: { id: string; name: string }) => ({ key: r.name, id: r.id });
  return mergeUpserted(
    file.cohorts.map((c) => c.name),
    before.map(keyed),
    written.map(keyed),
  );
}

// A user's membership is keyed by the user (at most one cohort each), so listing someone under
// another cohort moves them there; memberships the file does not mention are left alone.
async function syncMembers(tx: Tx, organisationId: string, file: PeopleFile, cohortId: (name: string) => string) {
  const members = file.cohorts.flatMap((c) => c.members.map((email) => ({ email, cohortId: cohortId(c.name) })));
  if (members.length === 0) return noCounts();
  const ids = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        inArray(
          users.email,
          members.map((m) => m.email),
        ),
      ),
    );
  const idByEmail = new Map(ids.map((r) => [r.email, r.id]));
  const rows = members.map((m) => ({ cohortId: m.cohortId, userId: lookup(idByEmail, m.email) }));
  const before = await tx
    .select({ userId: cohortMembers.userId, cohortId: cohortMembers.cohortId })
    .from(cohortMembers)
    .where(
      inArray(
        cohortMembers.userId,
        rows.map((r) => r.userId),
      ),
    );
  const written = await tx
    .insert(cohortMembers)
    .values(rows)
    .onConflictDoUpdate({
      target: cohortMembers.userId,
      set: { cohortId: sql`excluded.cohort_id` },
      setWhere: sql`${cohortMembers.cohortId} <> excluded.cohort_id`,
    })
    .returning({ userId: cohortMembers.userId, cohortId: cohortMembers.cohortId });
  const keyed = (r: { userId: string; cohortId: string }) => ({ key: r.userId, id: r.cohortId });
  return mergeUpserted(
    rows.map((r) => r.userId),
    before.map(keyed),
    written.map(keyed),
  ).counts;
}

export type PeopleImportOptions = {
  fileName: string;
  // Runs the whole import, then rolls it back: the summary is what applying it would do now.
  dryRun?: boolean;
  // Refuses a file whose organisation is not this one (the console: the administrator's own).
  organisationSlug?: string;
  // Runs in the import's transaction after the writes (not in a dry run): the audit row.
  onImported?: (tx: Tx, summary: PeopleImportSummary & { organisationId: string }) => Promise<void>;
};

// Imports organisation, teams, users and cohorts in one transaction. Re-importing the same file
// changes nothing; people, teams and memberships missing from the file are left in place.
// Throws ImportError, having written nothing, when the file or a cross-reference is wrong.
export async function importPeople(
  db: DbOrTx,
  options: { source: string; fileName: string; dryRun?: boolean },
): Promise<PeopleImportSummary> {
  return importPeopleFile(db, parsePeopleFile(options), options);
}

// The same import for a file already read (YAML or CSV).
export async function importPeopleFile(
  db: DbOrTx,
  file: CheckedPeopleFile,
  options: PeopleImportOptions,
): Promise<PeopleImportSummary> {
  const problems = [...file.problems];
  if (options.organisationSlug !== undefined && file.data.organisation.slug !== options.organisationSlug) {
    problems.push(
      file.problemAt(
        ['organisation', 'slug'],
        `the file is for organisation ${file.data.organisation.slug}, but you administer ${options.organisationSlug}`,
      ),
    );
  }
  if (problems.length > 0) throw new ImportError(options.fileName, problems);
  const data = file.data;
  return transactionOrDryRun(db, { dryRun: options.dryRun ?? false }, async (tx) => {
    const checked = await databaseProblems(tx, file);
    if (checked.problems.length > 0) throw new ImportError(options.fileName, checked.problems);
    const organisation = await upsertOrganisation(tx, data.organisation);
    const teamResult = await upsertTeams(tx, organisation.id, data);
    const userResult = await upsertUsers(tx, organisation.id, data, teamResult.idOf);
    const managerCounts = await linkManagers(tx, data, teamResult.idOf, userResult.idOf);
    const cohortResult = await upsertCohorts(tx, organisation.id, data, checked.programmeIds);
    const memberCounts = await syncMembers(tx, organisation.id, data, cohortResult.idOf);
    const summary = {
      organisationSlug: data.organisation.slug,
      organisation: organisation.counts,
      teams: teamResult.counts,
      users: userResult.counts,
      teamManagers: managerCounts,
      cohorts: cohortResult.counts,
      cohortMembers: memberCounts,
    };
    if (!options.dryRun) await options.onImported?.(tx, { ...summary, organisationId: organisation.id });
    return summary;
  });
}
