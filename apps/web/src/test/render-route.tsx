import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createFakeAuth } from './fake-auth.ts';

type RenderRouteOptions = {
  // Defaults to a signed-in member; pass createFakeAuth({ user: null }) for a signed-out visitor.
  auth?: ReturnType<typeof createFakeAuth>;
};

// Renders the real route table at `path`, with the same providers as the app. Stub the API first
// (test/stub-api.ts): /config.json is the first thing the app fetches.
export function renderRoute(path: string, { auth = createFakeAuth() }: RenderRouteOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Every address shown, in order: one a screen replaces at once (dropping a query parameter it
  // acted on, say) is gone from router.state by the time a test looks.
  const visited = [path];
  router.subscribe((state) => {
    const address = `${state.location.pathname}${state.location.search}`;
    if (visited[visited.length - 1] !== address) visited.push(address);
  });
  const queryClient = createQueryClient();
  // Retries would turn one stubbed failure into a slow, flaky wait.
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <Providers
      queryClient={queryClient}
      mantineEnv="test"
      auth={{ createAdapter: auth.createAdapter, reload: auth.reload }}
    >
      <RouterProvider router={router} useTransitions={false} />
    </Providers>,
  );
  return { ...view, router, auth, visited };
}
