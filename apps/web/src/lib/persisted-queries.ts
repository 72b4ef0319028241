import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { toDayKey } from './dates.ts';
import { keptScreens } from './kept-screens.ts';
import { storedItem } from './storage.ts';

// The API's last answers for the signed-in member, kept in this browser so the next visit can show
// them at once instead of after the sign-in SDK, the token and the API have answered. Rules:
// - they belong to one account (`account`, the sign-in provider and its subject) and are shown
//   only to that account; another account, signing out or the Reset tool clears them;
// - they are kept for the member's local day they were fetched on, and never shown on another day;
// - shown data is always fetched again (restored queries are marked stale), and restoring never
//   overwrites data the app has already fetched.
// Only the member's own reads are kept, and the insights a leader or team leader is shown (figures
// the server has already suppressed below 5 members, decision 026): not the runtime config, nor the
// developer tools, nor the leaders' organisational forms.

// `account` is who the answers belong to; each entry is a query key, its data and the member's
// local day it was fetched on. The build's boot preload reads it too (apps/web/boot-preload.ts).
const ZQuerySnapshot = z.object({
  account: z.string().min(1),
  entries: z.array(z.object({ key: z.array(z.unknown()), data: z.unknown(), date: z.string() })),
});
export type TQuerySnapshot = z.infer<typeof ZQuerySnapshot>;

const keptAnswers = storedItem('querySnapshot', ZQuerySnapshot);

export function getQuerySnapshot(): TQuerySnapshot | null {
  return keptAnswers.read() ?? null;
}

export function setQuerySnapshot(value: TQuerySnapshot): void {
  keptAnswers.write(value);
}

// Signing out and the Reset developer tool clear it, and the screens drawn from it (lib/kept-screens.ts).
export function clearQuerySnapshot(): void {
  keptAnswers.remove();
  keptScreens.remove();
}
const PERSISTED_ROOTS = new Set(['auth', 'dashboard', 'programmes', 'habits', 'social', 'insights']);
// The account check's query (features/auth/api/get-me.ts; lib may not import features).
const ACCOUNT_CHECK_KEY = ['auth', 'me'];

export function isPersistedKey(key: QueryKey): boolean {
  return typeof key[0] === 'string' && PERSISTED_ROOTS.has(key[0]);
}

export function accountKey(idpType: string, sub: string | undefined): string | null {
  return sub ? `${idpType}:${sub}` : null;
}

// The provider and the subject an account key names (accountKey), or null for anything else.
export function accountOf(key: string): { idpType: string; sub: string } | null {
  const separator = key.indexOf(':');
  return separator < 0 ? null : { idpType: key.slice(0, separator), sub: key.slice(separator + 1) };
}

// The account the kept answers belong to, if any are kept.
export function storedQueryAccount(): string | null {
  return getQuerySnapshot()?.account ?? null;
}

export type TQueryPersister = {
  // Puts the kept answers of `account` for today into the client, as stale data; true if any.
  restore(account: string): boolean;
  // Who is signed in (null: nobody). Answers of anyone else are dropped, from storage and from the
  // client when they were restored; from now on the client's answers are kept for this account.
  setAccount(account: string | null): void;
  // Removes the restored data from the client (it was not the signed-in account's).
  dropRestored(): void;
  // Whether the client holds restored data (the page is being shown from it).
  hasRestored(): boolean;
  // Keeps the client's answers from now on (for the account set); returns the function that stops.
  start(): () => void;
};

type TPersisterOptions = {
  today?: () => string;
  // How long to gather answers before writing them (one write per burst of answers).
  delayMs?: number;
};

export function createQueryPersister(
  client: QueryClient,
  { today = () => toDayKey(), delayMs = 100 }: TPersisterOptions = {},
): TQueryPersister {
  let account: string | null = null;
  let restoredFor: string | null = null;
  // Query hash -> the day its restored data was fetched on (restored data has no fetch time).
  const restoredDays = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function write() {
    timer = undefined;
    if (!account) return;
    const day = today();
    const entries: TQuerySnapshot['entries'] = [];
    for (const query of client.getQueryCache().getAll()) {
      const { data, dataUpdatedAt } = query.state;
      if (data === undefined || !isPersistedKey(query.queryKey)) continue;
      const fetchedOn = dataUpdatedAt > 0 ? toDayKey(new Date(dataUpdatedAt)) : restoredDays.get(query.queryHash);
      if (fetchedOn !== day) continue;
      entries.push({ key: [...query.queryKey], data, date: fetchedOn });
    }
    setQuerySnapshot({ account, entries });
  }

  function schedule() {
    if (!account || timer !== undefined) return;
    timer = setTimeout(write, delayMs);
  }

  function drop() {
    for (const hash of restoredDays.keys()) {
      const query = client.getQueryCache().get(hash);
      if (query) client.getQueryCache().remove(query);
    }
    restoredDays.clear();
    restoredFor = null;
  }

  return {
    restore(candidate) {
      const snapshot = getQuerySnapshot();
      if (!snapshot || snapshot.account !== candidate) return false;
      const day = today();
      // Every signed-in page waits for the account check (GET /auth/me): without its answer kept,
      // the page could not show anyway, so nothing is restored.
      if (!snapshot.entries.some(({ key, date }) => hashKey(key) === hashKey(ACCOUNT_CHECK_KEY) && date === day)) {
        return false;
      }
      let restored = false;
      for (const { key, data, date } of snapshot.entries) {
        if (date !== day || data === undefined || !isPersistedKey(key)) continue;
        if (client.getQueryData(key) !== undefined) continue;
        // Fetched at "time 0": stale at once, so every screen that shows it asks the API again.
        client.setQueryData(key, data, { updatedAt: 0 });
        void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
        restoredDays.set(hashKey(key), date);
        restored = true;
      }
      if (restored) restoredFor = candidate;
      return restored;
    },

    dropRestored: drop,

    hasRestored: () => restoredFor !== null,

    setAccount(next) {
      if (restoredFor !== null && restoredFor !== next) drop();
      if (next === null || storedQueryAccount() !== next) clearQuerySnapshot();
      account = next;
      schedule();
    },

    start() {
      const unsubscribe = client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success' && isPersistedKey(event.query.queryKey)) {
          schedule();
        }
      });
      // Answers still waiting to be written are written before the page goes away.
      const flush = () => {
        if (timer === undefined) return;
        clearTimeout(timer);
        write();
      };
      window.addEventListener('pagehide', flush);
      return () => {
        window.removeEventListener('pagehide', flush);
        unsubscribe();
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
      };
    },
  };
}

// Whether this browser kept today's answers of someone signed in with this provider: main.tsx then
// lets the screen's own downloads go first (the page is shown from them before the sign-in SDK
// has started). The same test as the boot preload script (apps/web/boot-preload.ts).
export function hasKeptDataToday(idpType: string): boolean {
  const snapshot = getQuerySnapshot();
  const day = toDayKey();
  return !!snapshot?.account.startsWith(`${idpType}:`) && snapshot.entries.some((entry) => entry.date === day);
}
