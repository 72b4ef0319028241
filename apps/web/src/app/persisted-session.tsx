import { useQueryClient } from '@tanstack/react-query';
import { createContext, Fragment, type ReactNode, useContext, useEffect, useState } from 'react';
import { useHybridAuth } from '../features/auth/hooks/use-hybrid-auth.ts';
import { CALLBACK_PATH } from '../features/auth/utils/return-to.ts';
import { keepScreens } from '../lib/kept-screens.ts';
import { accountKey, accountOf, storedQueryAccount, type TQueryPersister } from '../lib/persisted-queries.ts';
import { isKeptScreenPath } from './screen-paths.ts';

const ShowsKeptDataContext = createContext(false);

// True while the screens show the data this browser kept for the signed-in member, before the
// sign-in SDK has confirmed the session: they may render instead of waiting for it.
export function useShowsKeptData(): boolean {
  return useContext(ShowsKeptDataContext);
}

// The account whose kept data may be shown on this page load: the one they belong to, if the
// chosen provider's SDK holds a session of that very person. Never on the return from a sign-in.
function keptAccount(idpType: string, holdsSessionOf: (sub: string) => boolean): string | null {
  if (window.location.pathname === CALLBACK_PATH) return null;
  const account = storedQueryAccount();
  const named = account ? accountOf(account) : null;
  if (!named || named.idpType !== idpType) return null;
  return holdsSessionOf(named.sub) ? account : null;
}

type PersistedSessionProps = {
  persister: TQueryPersister;
  children: ReactNode;
};

// Joins the kept answers (lib/persisted-queries.ts) to the sign-in layer: restores them when the
// page starts, keeps the answers of whoever the SDK confirms, and drops them for anyone else.
export function PersistedSession({ persister, children }: PersistedSessionProps) {
  const auth = useHybridAuth();
  const [restoredFor, setRestoredFor] = useState<string | null>(() => {
    if (!auth.isLoading) return null;
    const account = keptAccount(auth.idpType, auth.holdsSessionOf);
    return account && persister.restore(account) ? account : null;
  });
  const signedIn = auth.isLoading ? undefined : accountKey(auth.idpType, auth.user?.sub);
  if (restoredFor !== null && signedIn !== undefined && signedIn !== restoredFor) {
    // The session is someone else's, or none: the restored data goes before anything renders
    // again, and every screen starts over without it (the key below changes).
    persister.dropRestored();
    setRestoredFor(null);
  }

  useEffect(() => persister.start(), [persister]);

  useEffect(() => {
    if (signedIn !== undefined) persister.setAccount(signedIn);
  }, [persister, signedIn]);

  // The look of the confirmed member's screens is kept too, for the next visit's first paint
  // (lib/kept-screens.ts).
  const client = useQueryClient();
  const { sessionKeysOf } = auth;
  useEffect(() => {
    const root = document.getElementById('root');
    if (!signedIn || !root) return;
    const sub = accountOf(signedIn)?.sub ?? '';
    return keepScreens(root, {
      client,
      keepsPath: isKeptScreenPath,
      account: signedIn,
      sessionKeys: () => sessionKeysOf(sub),
    });
  }, [client, signedIn, sessionKeysOf]);

  const showsKeptData = restoredFor !== null && (signedIn === undefined || signedIn === restoredFor);
  return (
    <ShowsKeptDataContext.Provider value={showsKeptData}>
      <Fragment key={restoredFor ?? 'none'}>{children}</Fragment>
    </ShowsKeptDataContext.Provider>
  );
}
