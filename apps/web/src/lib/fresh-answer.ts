// docs/decisions/012: an answer may decide what a screen does (a redirect, another screen in its
// place, a prompt opening, the first state of what the person then works with) only when it is
// fresh: fetched from the API since the screen mounted, or held in memory and not about to be
// fetched again. A kept answer (restored from this browser, lib/persisted-queries.ts) or a cached
// one being fetched again may paint the screen meanwhile, never decide.
type TQueryAnswer = {
  isSuccess: boolean;
  isFetching: boolean;
  isFetchedAfterMount: boolean;
  dataUpdatedAt: number;
};

export function isFreshAnswer(query: TQueryAnswer): boolean {
  if (!query.isSuccess) return false;
  if (query.isFetchedAfterMount) return true;
  // Kept answers count as fetched at time 0 (lib/persisted-queries.ts): never fresh, even while
  // their refetch waits (offline, or for the sign-in SDK's token).
  return !query.isFetching && query.dataUpdatedAt > 0;
}
