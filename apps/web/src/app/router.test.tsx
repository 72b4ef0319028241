import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render-route.tsx';

describe('routes', () => {
  it.each([
    ['/login', '/programme/intro', 'Programme introduction'],
    ['/programme/behaviour-selection', '/programme/behaviour-habit-selection', 'Select Your Habits'],
    ['/programme/habit-selection', '/programme/behaviour-habit-selection', 'Select Your Habits'],
  ])('redirects %s to %s', async (from, to, heading) => {
    const { router } = renderRoute(from);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
  });

  it.each([
    ['/callback', 'Signing in'],
    ['/programme/dashboard', 'Dashboard'],
    ['/programme/cohort', 'Cohort'],
    ['/programme/habit-track/abc', 'Daily Check-in'],
    ['/leader/goals-setup', 'Organisational goals'],
    ['/team-leader/kpi-setup', 'Departments and KPIs'],
  ])('renders %s', async (path, heading) => {
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows a not-found page for unknown paths', async () => {
    renderRoute('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
