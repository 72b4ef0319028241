import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { clearQuerySnapshot } from '../../../lib/persisted-queries.ts';
import { createAuthAdapter } from '../adapters/create-adapter.ts';
import { HybridAuthContext } from '../hooks/use-hybrid-auth.ts';
import type {
  TAuthAdapter,
  TAuthAdapterFactory,
  TAuthConfig,
  THybridAuth,
  THybridAuthUser,
  TIdpType,
  TInteractionStatus,
  TRedirectResult,
} from '../types.ts';
import {
  getSelectedIdpType,
  getShouldAutoLogin,
  setSelectedIdpType,
  setShouldAutoLogin,
} from '../utils/sign-in-choice.ts';
import { hasDirectoryAccount, hasHostedToken, holdsSessionOf, sessionKeysOf } from '../utils/cached-sessions.ts';
import { chooseProvider, fitToAvailable } from '../utils/choose-provider.ts';
import { CALLBACK_PATH } from '../utils/return-to.ts';
import { afterScreenPainted } from '../../../lib/after-paint.ts';

type HybridAuthProviderProps = {
  config: TAuthConfig;
  children: ReactNode;
  // Tests pass fakes; the app uses the real SDK adapters and a real reload.
  createAdapter?: TAuthAdapterFactory;
  reload?: () => void;
  // Hands the token getter to whoever sends API requests (src/app gives it to lib/http), before
  // anything signed in renders.
  onTokenGetter?: (getter: () => Promise<string | null>) => void;
  // Called when the person signs out or switches provider, before the page is left.
  onSignOut?: () => void;
  // Called as the SDK is about to start: a promise returned makes the start wait for it.
  startAfter?: () => Promise<unknown> | undefined;
};

type TSession = {
  user: THybridAuthUser | null;
  isLoading: boolean;
  error: Error | null;
  redirectResult: TRedirectResult | null;
};

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

// Whether this page load can only end signed out, known without the SDK: not the return from a
// sign-in, no automatic sign-in pending, and the chosen provider's SDK holds no session in this
// browser (no hosted token, no directory account: its start would find nobody). The Login screen
// then shows at once, and the SDK downloads after it is on screen, not before.
function signedOutForSure(idpType: TIdpType, autoLogin: boolean, config: TAuthConfig): boolean {
  if (autoLogin || window.location.pathname === CALLBACK_PATH) return false;
  return idpType === 'auth0' ? !hasHostedToken(config.auth0) : !hasDirectoryAccount(config.azure);
}

// At most this long (a background tab draws no frames).
const SIGNED_OUT_PAINT_WAIT_MS = 1000;

function reloadPage() {
  window.location.reload();
}

export function HybridAuthProvider({
  config,
  children,
  createAdapter = createAuthAdapter,
  reload = reloadPage,
  onTokenGetter,
  onSignOut,
  startAfter,
}: HybridAuthProviderProps) {
  const available = useMemo(() => ({ auth0: !!config.auth0, azure_ad: !!config.azure }), [config]);
  // Decided once per page load from what the browser holds
  // (docs/domain/sign-in-in-the-browser.md#choosing-the-provider); switching reloads the page.
  const [choice] = useState(() =>
    fitToAvailable(
      chooseProvider({
        storedIdpType: getSelectedIdpType(),
        shouldAutoLogin: getShouldAutoLogin(),
        hasHostedToken: hasHostedToken(config.auth0),
        hasDirectoryAccount: hasDirectoryAccount(config.azure),
      }),
      available,
    ),
  );
  const { idpType } = choice;
  const [interactionStatus, setInteractionStatus] = useState<TInteractionStatus>('startup');
  const [signedOutAtStart] = useState(() => signedOutForSure(idpType, choice.autoLogin, config));
  const [session, setSession] = useState<TSession>({
    user: null,
    isLoading: !signedOutAtStart,
    error: null,
    redirectResult: null,
  });
  const adapterRef = useRef<TAuthAdapter | null>(null);
  // Settles once the SDK has started (or failed to): a request made before then waits for it, so a
  // screen shown early (from kept data) gets its token as soon as there is one.
  const [started] = useState(() => {
    let settle = () => {};
    const promise = new Promise<void>((resolve) => (settle = resolve));
    return { promise, settle };
  });
  const signedInRef = useRef(false);
  // Set while a sign-out leaves the page: a request made meanwhile (a screen refetching what the
  // sign-out cleared) waits rather than asking the SDK for a token, whose silent sign-in at the
  // provider, before the provider has ended the session, would store new tokens and sign the
  // person back in on the page the provider returns to. Settled only if the sign-out cannot start.
  const leavingRef = useRef<Promise<void> | null>(null);

  const startLogin = useCallback(async (adapter: TAuthAdapter, type: TIdpType, returnTo: string) => {
    // Remembered so the page the provider returns to (/callback) starts the same provider.
    setSelectedIdpType(type);
    setInteractionStatus('login');
    setSession((s) => ({ ...s, isLoading: true }));
    try {
      await adapter.login(returnTo);
    } catch (error) {
      // A failed login is only logged; the Login screen comes back
      // (docs/domain/failures.md#sign-in-errors).
      console.error('Sign-in could not start', error);
      setInteractionStatus('none');
      setSession((s) => ({ ...s, isLoading: false }));
    }
  }, []);

  const getAccessToken = useCallback(async () => {
    await started.promise;
    while (leavingRef.current) await leavingRef.current;
    const adapter = adapterRef.current;
    // Without a session there is no token to get silently, and a sign-in popup nobody asked for
    // must not open: the request goes out without one, and the Login screen is shown.
    if (!adapter || !signedInRef.current) return null;
    try {
      return await adapter.getAccessToken();
    } catch (error) {
      // Only logged; the request goes out without a token and the API's 401 decides
      // (docs/domain/failures.md#sign-in-errors).
      console.error('Could not get an access token', error);
      return null;
    }
  }, [started]);

  // Handed over before any child renders: a screen shown from kept data asks the API at once (some
  // while rendering), and those requests wait for the token (getAccessToken above).
  const [handedOver] = useState(() => {
    onTokenGetter?.(getAccessToken);
    return { onTokenGetter, getAccessToken };
  });
  useLayoutEffect(() => {
    if (onTokenGetter !== handedOver.onTokenGetter || getAccessToken !== handedOver.getAccessToken) {
      onTokenGetter?.(getAccessToken);
    }
  }, [onTokenGetter, getAccessToken, handedOver]);

  useEffect(() => {
    // Once per mount: a second run (StrictMode) would redeem the same authorization code twice.
    if (adapterRef.current) return;
    let adapter: TAuthAdapter;
    try {
      adapter = createAdapter(idpType, config, { origin: window.location.origin, onStatus: setInteractionStatus });
    } catch (error) {
      setInteractionStatus('none');
      setSession((s) => ({ ...s, isLoading: false, error: error instanceof Error ? error : new Error(String(error)) }));
      started.settle();
      return;
    }
    adapterRef.current = adapter;
    if (choice.autoLogin) setShouldAutoLogin(false);
    // Signed out for sure, nothing waits for the SDK but a click on a login button: it may wait for
    // the Login screen's frame a while longer than the screens shown from kept data do.
    const wait = signedOutAtStart ? afterScreenPainted(SIGNED_OUT_PAINT_WAIT_MS) : startAfter?.();
    const start = () => adapter.init();
    (wait ? wait.then(start, start) : start()).then(
      ({ user, redirect }) => {
        signedInRef.current = !!user;
        started.settle();
        setInteractionStatus('none');
        const autoLogin = choice.autoLogin && !user;
        setSession({ user, isLoading: autoLogin, error: null, redirectResult: redirect });
        if (autoLogin) void startLogin(adapter, idpType, currentPath());
      },
      (error: unknown) => {
        console.error('Sign-in did not complete', error);
        setInteractionStatus('none');
        const failure = error instanceof Error ? error : new Error(String(error));
        setSession({ user: null, isLoading: false, error: failure, redirectResult: null });
        started.settle();
      },
    );
    // startAfter is read once, at start: a later one has nothing left to delay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choice, config, createAdapter, idpType, startLogin, started, signedOutAtStart]);

  const login = useCallback(
    async (returnTo?: string) => {
      // The Login screen may be on screen before the SDK has started (signedOutForSure).
      await started.promise;
      if (adapterRef.current) await startLogin(adapterRef.current, idpType, returnTo ?? currentPath());
    },
    [idpType, startLogin, started],
  );

  const logout = useCallback(async () => {
    const adapter = adapterRef.current;
    if (!adapter) return;
    let stay = () => {};
    leavingRef.current = new Promise<void>((resolve) => (stay = resolve));
    // What this browser kept of the person's data goes with their session.
    clearQuerySnapshot();
    onSignOut?.();
    setInteractionStatus('logout');
    // A returning member's screen is live before the SDK has started (it starts after the first
    // paint): a Logout pressed then waits for it rather than being lost.
    await started.promise;
    // The start has set the status back to none.
    setInteractionStatus('logout');
    try {
      await adapter.logout();
    } catch (error) {
      console.error('Sign-out could not start', error);
      setInteractionStatus('none');
      leavingRef.current = null;
      stay();
    }
  }, [onSignOut, started]);

  const switchProvider = useCallback(
    (type: TIdpType) => {
      if (type === idpType) return;
      clearQuerySnapshot();
      onSignOut?.();
      setSelectedIdpType(type);
      setShouldAutoLogin(true);
      reload();
    },
    [idpType, reload, onSignOut],
  );

  const value = useMemo<THybridAuth>(
    () => ({
      idpType,
      user: session.user,
      isAuthenticated: !!session.user,
      isLoading: session.isLoading,
      interactionStatus,
      error: session.error,
      redirectResult: session.redirectResult,
      available,
      login,
      logout,
      switchProvider,
      getAccessToken,
      holdsSessionOf: (sub: string) => holdsSessionOf(idpType, config, sub),
      sessionKeysOf: (sub: string) => sessionKeysOf(idpType, config, sub),
    }),
    [idpType, session, interactionStatus, available, login, logout, switchProvider, getAccessToken, config],
  );

  return <HybridAuthContext.Provider value={value}>{children}</HybridAuthContext.Provider>;
}
