import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

// Renders the real route table at `path`, with the same providers as the app.
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // Retries would turn one stubbed failure into a slow, flaky wait.
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <Providers queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}
