import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render-route.tsx';
import { stubApi } from '../test/stub-api.ts';
import { routes } from './router.tsx';
import { SCREEN_PATHS } from './screen-paths.ts';

describe('routes', () => {
  it.each([
    ['/login', '/programme/intro'],
    ['/programme/behaviour-selection', '/programme/behaviour-habit-selection'],
    ['/programme/habit-selection', '/programme/behaviour-habit-selection'],
  ])('redirects %s to %s once signed in', async (from, to) => {
    stubApi();
    const { router } = renderRoute(from);

    // The target pages are their features' to test; here only the redirect matters.
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each([
    ['/programme/dashboard', 'Dashboard'],
    ['/programme/cohort', 'Cohort'],
    ['/programme/habit-track/abc', 'Daily Check-in'],
    ['/leader/goals-setup', 'Organisational goals'],
    ['/team-leader/kpi-setup', 'Departments and KPIs'],
    ['/settings/notifications', 'Notifications'],
  ])('renders %s', async (path, heading) => {
    stubApi();
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(SCREEN_PATHS)('routes %s to a lazy route importing %s (the chunk the build preloads)', (path, module) => {
    const address = path.replace(/:[^/]+/g, 'abc');
    const matches = matchRoutes(routes, address) ?? [];
    const leaf = matches[matches.length - 1]?.route;

    expect(leaf?.path ?? (leaf?.index ? '/' : undefined)).toBe(path);
    expect(leaf?.lazy).toEqual(expect.any(Function));
    expect(String(leaf?.lazy)).toContain(`/routes/${module}`);
  });

  it('shows a not-found page for unknown paths', async () => {
    stubApi();
    renderRoute('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
