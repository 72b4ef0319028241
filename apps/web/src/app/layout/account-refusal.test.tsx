import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeAuth } from '../../test/fake-auth.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { createWebConfig } from '../../test/web-config.ts';

// The API refuses every call of a deactivated account (docs/domain/administration.md#deactivation).
const deactivated = () =>
  Response.json({ detail: 'Account deactivated', reason: 'account_deactivated' }, { status: 401 });
const DEACTIVATED_HEADING = 'Your account has been deactivated';

describe('an account refused in the middle of a session', () => {
  it('shows the deactivated screen when any call is refused, though the account check passed', async () => {
    stubApi({ '/api/v1/dashboard/': deactivated });
    renderRoute('/programme/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: DEACTIVATED_HEADING })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    // The account used, from the sign-in, since the API's refusal does not name it.
    expect(screen.getByText('priya.sharma@acme.example')).toBeVisible();
  });

  it("shows it on the person's next action, wherever it happens, and signs out", async () => {
    stubApi({
      '/config.json': () => Response.json(createWebConfig({ devTools: true })),
      '/api/v1/programmes/current': () => Response.json({ detail: 'No programme' }, { status: 404 }),
      '/api/v1/me/export?format=json': deactivated,
    });
    const auth = createFakeAuth();
    renderRoute('/settings/data', { auth });
    const download = await screen.findByRole('button', { name: 'Download as JSON' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'My data' })).toBeVisible();

    await userEvent.click(download);

    expect(await screen.findByRole('heading', { level: 1, name: DEACTIVATED_HEADING })).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'My data' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'My data' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Demo tools' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(auth.calls.logout).toBe(1);
  });

  it('leaves a rejected token to signing in again: no account screen', async () => {
    const fetchMock = stubApi({
      '/api/v1/dashboard/': () => Response.json({ detail: 'Token expired', reason: 'invalid_token' }, { status: 401 }),
    });
    renderRoute('/programme/dashboard');

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/dashboard/')).toBe(true));
    expect(await screen.findByRole('banner')).toBeVisible();
    expect(screen.queryByRole('heading', { name: DEACTIVATED_HEADING })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'My data' })).toBeVisible();
  });
});
