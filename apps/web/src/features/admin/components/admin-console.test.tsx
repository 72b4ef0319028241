import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort, createPerson, peoplePage } from '../testing/factories.ts';
import { stubAdminApi } from '../testing/stub-admin-api.ts';

const basics = {
  'GET /api/v1/admin/people': () => Response.json(peoplePage([createPerson()])),
  'GET /api/v1/admin/cohorts': () => Response.json([createCohort()]),
  'GET /api/v1/admin/programmes': () => Response.json([]),
  'GET /api/v1/admin/settings': () => Response.json({ detail: 'not stubbed' }, { status: 404 }),
};

// Each test drives several screens through the UI: slower than the 5 s default on a busy machine.
describe('administration console', { timeout: 20_000 }, () => {
  it('opens People from /admin, with a tab per section', async () => {
    stubAdminApi(basics);
    const { router } = renderRoute('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/people'));
    const tabs = within(screen.getByRole('tablist', { name: 'Administration sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'People',
      'Cohorts',
      'Programme content',
      'Settings',
      'Audit log',
    ]);
    expect(screen.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('cell', { name: 'oliver.bennett@acme.example' })).toBeVisible();
  });

  it('gives each section its own address', async () => {
    stubAdminApi(basics);
    const { router } = renderRoute('/admin/people');

    await userEvent.click(await screen.findByRole('tab', { name: 'Cohorts' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/cohorts'));
    expect(await screen.findByRole('rowheader', { name: /Spring 2026/ })).toBeVisible();
  });

  it('sends an unknown section to People', async () => {
    stubAdminApi(basics);
    const { router } = renderRoute('/admin/nothing-here');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/people'));
  });

  it('tells someone who is not an administrator, and asks the API nothing', async () => {
    const api = stubAdminApi(basics, { isAdmin: false });
    renderRoute('/admin/people');

    expect(await screen.findByText('Only administrators can use this console')).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/v1/admin'))).toEqual([]);
  });
});
