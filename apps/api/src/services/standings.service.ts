import type { DbOrTx } from '../db/client.ts';
import { LruMap } from '../lib/lru.ts';
import { rankStandings } from '../db/queries/progress.ts';
import { cohortStandings, isAtLeast, type StandingRow, type StandingsVersion } from '../db/queries/standings.ts';

// A cohort's members in leaderboard order (DOMAIN "Cohort and endorsements") as of one standings
// version, for the span of time in which every member's local date stays the same.
type Ranked = { version: StandingsVersion; validFrom: number; validUntil: number; ranked: StandingRow[] };

const MAX_COHORTS = 2_000;

const covers = (entry: Ranked, now: Date) => now.getTime() >= entry.validFrom && now.getTime() < entry.validUntil;

// Ranked standings per cohort. A request reads its cohort's standings version in its own
// statement (triggers raise it on every change the leaderboard shows, migrations 0005 and 0006) and asks
// here for standings at least that recent: a cohort's 200 members are ranked once per change, not
// once per request, and every instance shows what the database holds. One computation per cohort
// is in flight at a time; requests arriving meanwhile wait for it rather than repeat it.
class StandingsCache {
  private readonly cohorts = new LruMap<string, Ranked>(MAX_COHORTS);
  private readonly inFlight = new Map<string, Promise<Ranked | null>>();

  constructor(private readonly db: DbOrTx) {}

  // Null when the cohort no longer exists.
  async ranked(cohortId: string, atLeastVersion: StandingsVersion, now: Date): Promise<StandingRow[] | null> {
    for (;;) {
      const held = this.cohorts.get(cohortId);
      if (held && isAtLeast(held.version, atLeastVersion) && covers(held, now)) return held.ranked;
      const computed = await this.compute(cohortId, now);
      if (!computed) return null;
      // A computation that began before this request's version, or for another day, is not enough.
      if (isAtLeast(computed.version, atLeastVersion) && covers(computed, now)) return computed.ranked;
    }
  }

  private compute(cohortId: string, now: Date): Promise<Ranked | null> {
    let flight = this.inFlight.get(cohortId);
    if (!flight) {
      flight = cohortStandings(this.db, { cohortId, now })
        .then((fresh) => {
          if (!fresh) return null;
          const entry: Ranked = {
            version: fresh.version,
            validFrom: Date.parse(fresh.valid_from),
            validUntil: Date.parse(fresh.valid_until),
            ranked: rankStandings(fresh.members),
          };
          const held = this.cohorts.peek(cohortId);
          if (!held || isAtLeast(entry.version, held.version)) this.cohorts.set(cohortId, entry);
          return entry;
        })
        .finally(() => this.inFlight.delete(cohortId));
      this.inFlight.set(cohortId, flight);
    }
    return flight;
  }
}

// One cache per database (each test opens its own).
const caches = new WeakMap<DbOrTx, StandingsCache>();

export function standingsCache(db: DbOrTx): StandingsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StandingsCache(db);
    caches.set(db, cache);
  }
  return cache;
}
