import type {
  TAdapterSession,
  TAuthAdapterFactory,
  THybridAuthUser,
  TIdpType,
  TInteractionStatus,
} from '../features/auth/types.ts';

export type FakeAuthOptions = {
  // Signed in as this user after start; null = signed out.
  user?: THybridAuthUser | null;
  redirect?: TAdapterSession['redirect'];
  initError?: Error;
  loginError?: Error;
  logoutError?: Error;
  token?: string | null;
  // Never finishes starting: the provider type stays "being resolved".
  pending?: boolean;
  // Finishes starting only once this promise has resolved (a sign-in SDK still downloading).
  startsWhen?: Promise<void>;
};

export function createUser(overrides: Partial<THybridAuthUser> = {}): THybridAuthUser {
  return { email: 'priya.sharma@acme.example', name: 'Priya Sharma', sub: 'auth0|priya', ...overrides };
}

// Stands in for the SDK adapters (exercised for real in e2e) and records what the app asked of them.
export function createFakeAuth(options: FakeAuthOptions = {}) {
  const calls = {
    created: [] as TIdpType[],
    login: [] as string[],
    logout: 0,
    tokens: 0,
    reload: 0,
    statuses: [] as TInteractionStatus[],
  };
  const createAdapter: TAuthAdapterFactory = (idpType, _config, { onStatus }) => {
    calls.created.push(idpType);
    // Like the SDK adapters, a sign-out before the start has finished cannot begin.
    let started = false;
    const start = (): Promise<TAdapterSession> => {
      if (options.pending) return new Promise<TAdapterSession>(() => {});
      if (options.initError) return Promise.reject(options.initError);
      started = true;
      return Promise.resolve({
        user: options.user === undefined ? createUser() : options.user,
        redirect: options.redirect ?? null,
      });
    };
    return {
      init: () => (options.startsWhen ? options.startsWhen.then(start) : start()),
      login: async (returnTo) => {
        calls.login.push(returnTo);
        onStatus('login');
        if (options.loginError) throw options.loginError;
      },
      logout: async () => {
        if (!started) throw new Error('The sign-in service has not started yet.');
        if (options.logoutError) throw options.logoutError;
        calls.logout += 1;
      },
      getAccessToken: async () => {
        calls.tokens += 1;
        if (options.token === null) throw new Error('no token');
        return options.token ?? 'fake-access-token';
      },
    };
  };
  return { createAdapter, reload: () => void (calls.reload += 1), calls };
}
