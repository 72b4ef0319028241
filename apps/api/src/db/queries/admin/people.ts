import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../client.ts';
import {
  auditLog,
  cohortMembers,
  cohorts,
  emailOutbox,
  endorsements,
  habitLogs,
  identities,
  organisations,
  programmes,
  teams,
  userHabits,
  users,
} from '../../schema/index.ts';

// The administration console's people (issue 21): every statement is scoped to one organisation.

export type AdminPersonRow = typeof users.$inferSelect & {
  team: { id: string; name: string } | null;
  cohort: { id: string; name: string } | null;
};

const memberCohorts = alias(cohorts, 'member_cohort');

const personColumns = {
  user: users,
  teamId: teams.id,
  teamName: teams.name,
  cohortId: memberCohorts.id,
  cohortName: memberCohorts.name,
};

type PersonSelect = {
  user: typeof users.$inferSelect;
  teamId: string | null;
  teamName: string | null;
  cohortId: string | null;
  cohortName: string | null;
};

const flatten = (row: PersonSelect): AdminPersonRow => ({
  ...row.user,
  team: row.teamId !== null && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null,
  cohort: row.cohortId !== null && row.cohortName !== null ? { id: row.cohortId, name: row.cohortName } : null,
});

function selectPeople(db: DbOrTx) {
  return db
    .select(personColumns)
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(cohortMembers, eq(cohortMembers.userId, users.id))
    .leftJoin(memberCohorts, eq(memberCohorts.id, cohortMembers.cohortId));
}

export type PeopleSearch = {
  organisationId: string;
  q?: string;
  role?: (typeof users.$inferSelect)['role'];
  cohortId?: string;
  teamId?: string;
  status?: 'active' | 'deactivated';
  offset: number;
  limit: number;
};

// `q` is a literal part of the name or e-mail: LIKE's wildcards in it are escaped.
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchConditions(search: PeopleSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(users.organisationId, search.organisationId)];
  if (search.q) {
    const pattern = likePattern(search.q);
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern)));
  }
  if (search.role) conditions.push(eq(users.role, search.role));
  if (search.teamId) conditions.push(eq(users.teamId, search.teamId));
  if (search.cohortId) conditions.push(eq(cohortMembers.cohortId, search.cohortId));
  if (search.status === 'active') conditions.push(isNull(users.deactivatedAt));
  if (search.status === 'deactivated') conditions.push(isNotNull(users.deactivatedAt));
  return and(...conditions);
}

export async function searchPeople(db: DbOrTx, search: PeopleSearch) {
  const where = searchConditions(search);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(cohortMembers, eq(cohortMembers.userId, users.id))
    .where(where);
  const rows = await selectPeople(db)
    .where(where)
    .orderBy(asc(users.fullName), asc(users.id))
    .offset(search.offset)
    .limit(search.limit);
  return { total: total?.n ?? 0, rows: rows.map(flatten) };
}

// One person of the organisation (their user row locked when `lock`); null for anyone else.
export async function findPerson(
  db: DbOrTx,
  options: { organisationId: string; userId: string; lock?: boolean },
): Promise<AdminPersonRow | null> {
  const theirs = and(eq(users.organisationId, options.organisationId), eq(users.id, options.userId));
  // `lock` holds the person's row until the transaction ends, in a statement of its own: the person
  // (their cohort and team included) is then read by a new statement, which under READ COMMITTED
  // sees what a write it waited for committed. Read in the locking statement, the joined cohort
  // could be the one from before that write, and two administrators' changes would mix.
  if (options.lock) {
    const locked = await db.select({ id: users.id }).from(users).where(theirs).for('update');
    if (locked.length === 0) return null;
  }
  const [row] = await selectPeople(db).where(theirs);
  return row ? flatten(row) : null;
}

export async function emailInUse(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

// The organisation's team, and whether it is archived (its SCIM group deleted); null elsewhere.
export async function teamOfOrganisation(db: DbOrTx, options: { organisationId: string; teamId: string }) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, archivedAt: teams.archivedAt })
    .from(teams)
    .where(and(eq(teams.organisationId, options.organisationId), eq(teams.id, options.teamId)));
  return row ? { id: row.id, name: row.name, archived: row.archivedAt !== null } : null;
}

export async function cohortOfOrganisation(db: DbOrTx, options: { organisationId: string; cohortId: string }) {
  const [row] = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(and(eq(cohorts.organisationId, options.organisationId), eq(cohorts.id, options.cohortId)));
  return row !== undefined;
}

export type NewPerson = Pick<
  typeof users.$inferInsert,
  'organisationId' | 'email' | 'fullName' | 'jobTitle' | 'role' | 'teamId' | 'isAdmin'
>;

export async function insertPerson(tx: Tx, values: NewPerson): Promise<string> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export type PersonChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'fullName' | 'jobTitle' | 'role' | 'teamId' | 'isAdmin' | 'deactivatedAt' | 'directoryLocale'
  >
>;

export async function updatePerson(tx: Tx, options: { userId: string; changes: PersonChanges }) {
  if (Object.keys(options.changes).length === 0) return;
  await tx.update(users).set(options.changes).where(eq(users.id, options.userId));
}

// A user is in at most one cohort (cohort_members_user_key): joining one moves them; null leaves.
export async function setCohort(tx: Tx, options: { userId: string; cohortId: string | null }) {
  if (options.cohortId === null) {
    await tx.delete(cohortMembers).where(eq(cohortMembers.userId, options.userId));
    return;
  }
  await tx
    .insert(cohortMembers)
    .values({ userId: options.userId, cohortId: options.cohortId })
    .onConflictDoUpdate({
      target: cohortMembers.userId,
      set: { cohortId: options.cohortId },
      setWhere: sql`${cohortMembers.cohortId} <> excluded.cohort_id`,
    });
}

export type ErasedCounts = {
  notes: number;
  endorsementMessages: number;
  identities: number;
  emails: number;
  auditRows: number;
};

// What the audit log's rows about a person may hold of them (the console's, SCIM's): removed from
// those rows when the person is erased (migration 0018 lets only that change through).
const PERSONAL_AUDIT_KEYS = ['email', 'full_name', 'job_title', 'external_id', 'user_name'];

// What names the person goes; their rows (logs, endorsements, moods) stay, so counts and aggregates
// are unchanged (docs/domain/administration.md#erasure). Mail queued or sent to the old address
// goes with it.
export async function erasePerson(
  tx: Tx,
  options: { organisationId: string; userId: string; oldEmail: string; erasedEmail: string; now: Date },
): Promise<ErasedCounts> {
  const notes = await tx
    .update(habitLogs)
    .set({ note: null })
    .where(
      and(
        isNotNull(habitLogs.note),
        inArray(
          habitLogs.userHabitId,
          tx.select({ id: userHabits.id }).from(userHabits).where(eq(userHabits.userId, options.userId)),
        ),
      ),
    )
    .returning({ id: habitLogs.id });
  // The message is required (an endorsement is a message); an empty one keeps the endorsement counted.
  const messages = await tx
    .update(endorsements)
    .set({ message: '' })
    .where(and(eq(endorsements.endorserId, options.userId), sql`${endorsements.message} <> ''`))
    .returning({ id: endorsements.id });
  const unlinked = await tx
    .delete(identities)
    .where(eq(identities.userId, options.userId))
    .returning({ id: identities.id });
  const mails = await tx
    .delete(emailOutbox)
    .where(eq(emailOutbox.toAddress, options.oldEmail))
    .returning({ id: emailOutbox.id });
  await tx
    .update(users)
    .set({
      fullName: 'Former member',
      email: options.erasedEmail,
      jobTitle: null,
      externalId: null,
      scimUserName: null,
      deactivatedAt: sql`coalesce(${users.deactivatedAt}, ${options.now.toISOString()}::timestamptz)`,
      erasedAt: options.now,
    })
    .where(eq(users.id, options.userId));
  // The earlier audit rows about them keep what happened, not who they were.
  await tx.execute(sql`select set_config('habitrack.erasing_user', ${options.userId}, true)`);
  const keys = sql`array[${sql.join(
    PERSONAL_AUDIT_KEYS.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
  const redacted = await tx
    .update(auditLog)
    .set({ before: sql`${auditLog.before} - ${keys}`, after: sql`${auditLog.after} - ${keys}` })
    .where(
      and(
        eq(auditLog.organisationId, options.organisationId),
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, options.userId),
        or(sql`${auditLog.before} ?| ${keys}`, sql`${auditLog.after} ?| ${keys}`),
      ),
    )
    .returning({ id: auditLog.id });
  await tx.execute(sql`select set_config('habitrack.erasing_user', '', true)`);
  return {
    notes: notes.length,
    endorsementMessages: messages.length,
    identities: unlinked.length,
    emails: mails.length,
    auditRows: redacted.length,
  };
}

// What a CSV upload is read against: the organisation, its teams and its cohorts' programmes.
export async function uploadContext(db: DbOrTx, organisationId: string) {
  const [organisation] = await db
    .select({ slug: organisations.slug, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const teamRows = await db
    .select({ name: teams.name, type: teams.type })
    .from(teams)
    .where(eq(teams.organisationId, organisationId));
  const cohortRows = await db
    .select({ name: cohorts.name, programmeSlug: programmes.slug })
    .from(cohorts)
    .innerJoin(programmes, eq(programmes.id, cohorts.programmeId))
    .where(eq(cohorts.organisationId, organisationId));
  return { organisation: organisation!, teams: teamRows, cohorts: cohortRows };
}

// The organisation's teams by name (the console's team picker); archived teams are offered to
// nobody.
export async function listTeams(db: DbOrTx, organisationId: string) {
  return db
    .select({ id: teams.id, name: teams.name, type: teams.type })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), isNull(teams.archivedAt)))
    .orderBy(asc(teams.name), asc(teams.id));
}
