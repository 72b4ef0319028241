import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { cohortMembers, users } from '../../schema/index.ts';
import type { SealedVersions } from '../../speed/held-answers.ts';
import { inLocale } from '../programmes/translations.ts';

// [the cohort's membership counter, the sum of its stripe counters, the content version]
// (migrations 0006, 0009, 0008): every change the leaderboard shows raises one of them, and none
// ever goes down, so standings
// read in a later snapshot have both at least as high (held answers compare each, held-answers.ts).
// Sealed: read as JSON `[number, number]`, opened only by the held answer.
export type StandingsVersion = SealedVersions;

// The standings version of cohort `c`, read in the statement's snapshot.
// The content version comes third: the leaderboard names each member's habits, and a habit renamed
// or translated raises it (migration 0008).
export const standingsVersionSql = sql`json_build_array(c.standings_version,
  (select coalesce(sum(s.version), 0) from cohort_standings_stripes s where s.cohort_id = c.id),
  (select cv.version from content_version cv where cv.id = 1))`;

// Which cohort a member is in, and its standings version: what ranks them (the leaderboard, the
// dashboard's rank) and what confirms the dashboard's held facts.
export type CohortVersion = { id: string; standings_version: StandingsVersion };

// The member's cohort as the dashboard, the leaderboard and endorsements see it.
export type MemberCohort = CohortVersion & {
  name: string;
  programme_name: string;
  first_module_name: string | null;
};

// The cohort of the member `userId` (a uuid expression) and its standings version, as JSON; null
// outside any cohort. Its name and its programme's are content: renaming either raises the
// content version (migration 0008).
export function memberCohortVersionSql(userId: SQL): SQL<CohortVersion | null> {
  return sql<CohortVersion | null>`(select json_build_object('id', c.id, 'standings_version', ${standingsVersionSql})
    from cohort_members cm
    join cohorts c on c.id = cm.cohort_id
    where cm.user_id = ${userId}
    limit 1)`;
}

// The cohort of the member `userId` (a uuid expression) as JSON, null outside any cohort; the
// programme's and its first module's names in `locale` when given.
export function memberCohortSql(userId: SQL, locale?: SQL): SQL<MemberCohort | null> {
  const programmeName = inLocale({ translations: sql`p.translations`, field: 'name', fallback: sql`p.name`, locale });
  const moduleName = inLocale({ translations: sql`m.translations`, field: 'name', fallback: sql`m.name`, locale });
  return sql<MemberCohort | null>`(select json_build_object('id', c.id, 'name', c.name, 'programme_name', ${programmeName},
      'first_module_name', (select ${moduleName} from modules m where m.programme_id = p.id order by m.position limit 1),
      'standings_version', ${standingsVersionSql})
    from cohort_members cm
    join cohorts c on c.id = cm.cohort_id
    join programmes p on p.id = c.programme_id
    where cm.user_id = ${userId}
    limit 1)`;
}

export async function findMemberCohort(db: DbOrTx, userId: string): Promise<MemberCohort | null> {
  const [row] = await db
    .select({ cohort: memberCohortSql(sql`${users.id}`) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.cohort ?? null;
}

export async function isCohortMate(db: DbOrTx, options: { cohortId: string; userId: string }) {
  const [row] = await db
    .select({ userId: cohortMembers.userId })
    .from(cohortMembers)
    // A deactivated member is no longer anyone's cohort mate (they cannot be endorsed).
    .innerJoin(users, and(eq(users.id, cohortMembers.userId), isNull(users.deactivatedAt)))
    .where(and(eq(cohortMembers.cohortId, options.cohortId), eq(cohortMembers.userId, options.userId)))
    .limit(1);
  return row !== undefined;
}
