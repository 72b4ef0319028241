import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import type { TAdapterSession, TAuthAdapterFactory, THybridAuthUser } from '../features/auth/types.ts';
import { createQueryClient } from '../lib/query-client.ts';

// Helpers for pages shown from the answers this browser kept (lib/persisted-queries.ts).

export const PRIYA: THybridAuthUser = { email: 'priya.sharma@acme.example', name: 'Priya Sharma', sub: 'auth0|priya' };

// What auth0-spa-js leaves in localStorage for a signed-in person (src/features/auth/utils/cached-sessions.ts).
export function storeSdkSession(sub: string) {
  localStorage.setItem(
    '@@auth0spajs@@::habitrack-web::https://api.habitrack.local::openid profile email offline_access',
    JSON.stringify({ body: { access_token: 'x' }, expiresAt: 1 }),
  );
  localStorage.setItem(
    '@@auth0spajs@@::habitrack-web::@@user@@',
    JSON.stringify({ id_token: 'x', decodedToken: { user: { sub } } }),
  );
}

// An SDK whose start the test finishes, as whom it likes: until then the page shows kept answers
// only, and no request reaches the API (it waits for a token).
export function controlledAuth() {
  let finish: (session: TAdapterSession) => void = () => {};
  const started = new Promise<TAdapterSession>((resolve) => (finish = resolve));
  const calls = { logout: 0 };
  const createAdapter: TAuthAdapterFactory = () => ({
    init: () => started,
    login: async () => {},
    logout: async () => {
      calls.logout += 1;
    },
    getAccessToken: async () => 'fake-access-token',
  });
  return { createAdapter, calls, signIn: (user: THybridAuthUser | null) => finish({ user, redirect: null }) };
}

// Renders the real route table at `path`; `paths` lists every address the router was at, in order.
export function renderWithAuth(auth: ReturnType<typeof controlledAuth>, path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const paths = [router.state.location.pathname];
  router.subscribe((state) => {
    if (state.location.pathname !== paths.at(-1)) paths.push(state.location.pathname);
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <Providers queryClient={queryClient} mantineEnv="test" auth={{ createAdapter: auth.createAdapter }}>
      <RouterProvider router={router} useTransitions={false} />
    </Providers>,
  );
  return { router, paths };
}
