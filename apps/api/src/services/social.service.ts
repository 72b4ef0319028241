import { and, count, eq } from 'drizzle-orm';
import {
  CANNOT_ENDORSE_SELF,
  ENDORSE_ONCE_PER_DAY,
  NO_ACTIVE_HABITS_TO_ENDORSE,
  type TEndorseMemberRequest,
  type TEndorsement,
} from '@habitrack/contracts/social/endorse-member';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import type { Db } from '../db/client.ts';
import { isCohortMate } from '../db/queries/cohort.ts';
import { cohortMembersFacts } from '../db/queries/standings.ts';
import { findCohortContext } from '../db/queries/dashboard.ts';
import type { VerifiedToken } from '../auth/verify-token.ts';
import { callerCheck, type SignedInUser } from '../db/queries/identity.ts';
import { endorsements, userHabits } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { localDate } from '../lib/local-date.ts';
import type { StandingRow } from '../db/queries/standings.ts';
import { standingsCache } from './standings.service.ts';

const NO_COHORT = 'You are not in a cohort yet. Your programme administrator adds you to one.';

// A JSON text known to hold a T.
export type Json<T> = string & { readonly json?: T };

// Each member's entry of the leaderboard as JSON, up to the two fields that depend on who asks
// (endorsed_today, is_current_user, the last two): written once per ranked standings, so a
// request for 200 members joins 200 strings instead of building and serialising 200 objects.
const entryHeads = new WeakMap<readonly StandingRow[], string[]>();

function headsOf(ranked: readonly StandingRow[]): string[] {
  let heads = entryHeads.get(ranked);
  if (!heads) {
    heads = ranked.map((s, index) => {
      const entry: Omit<TCohortMember, 'endorsed_today' | 'is_current_user'> = {
        user: { id: s.id, email: s.email, full_name: s.full_name, job_title: s.job_title, role: s.role },
        rank: index + 1,
        active_habits: s.habits,
        total_progress_percentage: s.progress,
        current_streak: s.streak,
        total_endorsements: s.received,
      };
      return `${JSON.stringify(entry).slice(0, -1)},"endorsed_today":`;
    });
    entryHeads.set(ranked, heads);
  }
  return heads;
}

export async function listCohortMembers(
  db: Db,
  options: { user: SignedInUser; token: VerifiedToken; now: Date },
): Promise<{ callerIsCurrent: boolean; answer: () => Json<TCohortMember[]> }> {
  const { user, now } = options;
  const facts = await cohortMembersFacts(db, {
    userId: user.id,
    today: localDate(now, user.timeZone),
    caller: callerCheck(user, options.token),
  });
  const ranked = facts.context
    ? await standingsCache(db).ranked(facts.context.cohort_id, facts.context.standings_version, now)
    : null;
  const endorsedToday = new Set(facts.endorsed_today);
  return {
    callerIsCurrent: facts.callerIsCurrent,
    answer: () => {
      if (!ranked) throw notFound(NO_COHORT);
      const heads = headsOf(ranked);
      const entries = ranked.map(
        (s, index) => `${heads[index]}${endorsedToday.has(s.id)},"is_current_user":${s.id === user.id}}`,
      );
      return `[${entries.join(',')}]`;
    },
  };
}

// DOMAIN "Cohort and endorsements": a cohort mate, never oneself, only someone with an active
// habit, once per (endorser, endorsed, endorser's local date) — the unique constraint decides races.
export async function endorseMember(
  db: Db,
  options: { user: SignedInUser; input: TEndorseMemberRequest; now: Date },
): Promise<TEndorsement> {
  const { user, input } = options;
  if (input.endorsed_user_id === user.id) throw badRequest(CANNOT_ENDORSE_SELF);
  const context = await findCohortContext(db, user.id);
  // Anyone outside the caller's cohort, in any organisation, is simply not found.
  if (!context || !(await isCohortMate(db, { cohortId: context.cohortId, userId: input.endorsed_user_id }))) {
    throw notFound('This person is not in your cohort.');
  }
  const [active] = await db
    .select({ id: userHabits.id })
    .from(userHabits)
    .where(and(eq(userHabits.userId, input.endorsed_user_id), eq(userHabits.status, 'active')))
    .limit(1);
  if (!active) throw badRequest(NO_ACTIVE_HABITS_TO_ENDORSE);

  const endorsedOn = localDate(options.now, user.timeZone);
  const [row] = await db
    .insert(endorsements)
    .values({ endorserId: user.id, endorsedId: input.endorsed_user_id, endorsedOn, message: input.message })
    .onConflictDoNothing({ target: [endorsements.endorserId, endorsements.endorsedId, endorsements.endorsedOn] })
    .returning();
  if (!row) throw conflict(ENDORSE_ONCE_PER_DAY);
  const [total] = await db.select({ n: count() }).from(endorsements).where(eq(endorsements.endorsedId, row.endorsedId));
  return {
    id: row.id,
    endorsed_user_id: row.endorsedId,
    message: row.message,
    endorsed_on: row.endorsedOn,
    total_endorsements: total?.n ?? 1,
  };
}
