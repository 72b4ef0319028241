import {
  CANNOT_ENDORSE_SELF,
  ENDORSE_ONCE_PER_DAY,
  NO_ACTIVE_HABITS_TO_ENDORSE,
  type TEndorseMemberRequest,
  type TEndorsement,
} from '@habitrack/contracts/social/endorse-member';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { findMemberCohort, isCohortMate } from '../../db/queries/social/cohorts.ts';
import { countEndorsementsReceived, hasActiveHabit, insertEndorsement } from '../../db/queries/social/endorsements.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { findLeaderboardFacts } from '../../db/queries/social/leaderboard.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';
import { rankedStandings } from './standings.service.ts';

const NO_COHORT = 'You are not in a cohort yet. Your programme administrator adds you to one.';

// The member's cohort in leaderboard order
// (docs/domain/standings-and-endorsements.md#who-is-listed).
export async function listCohortMembers(
  database: AppDatabase,
  options: { user: SignedInUser; now: Date; locale: string },
): Promise<TCohortMember[]> {
  const { user, now, locale } = options;
  const facts = await findLeaderboardFacts(database, { userId: user.id, today: localDate(now, user.timeZone) });
  const ranked = facts.cohort && (await rankedStandings(database, { cohort: facts.cohort, now, locale }));
  if (!ranked) throw notFound(NO_COHORT);
  const endorsedToday = new Set(facts.endorsedToday);
  // Only the caller's own entry and those they endorsed today differ from the shared ones.
  return ranked.map((entry) => {
    const id = entry.user.id;
    if (id !== user.id && !endorsedToday.has(id)) return entry;
    return { ...entry, endorsed_today: endorsedToday.has(id), is_current_user: id === user.id };
  });
}

// A cohort mate, never oneself, only someone with an active habit, once per (endorser, endorsed,
// endorser's local date) — the unique constraint decides races
// (docs/domain/standings-and-endorsements.md#endorsing-a-cohort-mate).
export async function endorseMember(
  database: AppDatabase,
  options: { user: SignedInUser; input: TEndorseMemberRequest; now: Date },
): Promise<TEndorsement> {
  const db = database.db;
  const { user, input } = options;
  if (input.endorsed_user_id === user.id) throw badRequest(CANNOT_ENDORSE_SELF);
  const cohort = await findMemberCohort(db, user.id);
  // Anyone outside the caller's cohort, in any organisation, is simply not found.
  if (!cohort || !(await isCohortMate(db, { cohortId: cohort.id, userId: input.endorsed_user_id }))) {
    throw notFound('This person is not in your cohort.');
  }
  if (!(await hasActiveHabit(db, { userId: input.endorsed_user_id, now: options.now }))) {
    throw badRequest(NO_ACTIVE_HABITS_TO_ENDORSE);
  }
  const row = await insertEndorsement(db, {
    endorserId: user.id,
    endorsedId: input.endorsed_user_id,
    endorsedOn: localDate(options.now, user.timeZone),
    message: input.message,
  });
  if (!row) throw conflict(ENDORSE_ONCE_PER_DAY);
  return {
    id: row.id,
    endorsed_user_id: row.endorsedId,
    message: row.message,
    endorsed_on: row.endorsedOn,
    total_endorsements: await countEndorsementsReceived(db, row.endorsedId),
  };
}
