import type { TAuthProblemReason } from '@habitrack/contracts/auth/auth-problem';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeAuth, createUser } from '../../test/fake-auth.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { createWebConfig } from '../../test/web-config.ts';

function unauthorized(reason: TAuthProblemReason, email: string | null = 'nia@acme.example') {
  const detail = reason === 'user_not_registered' ? 'User not found' : 'Not authorised';
  return () => Response.json({ detail, reason, email }, { status: 401 });
}

describe('signed-in routes', () => {
  it('shows the Login screen instead of the page when signed out', async () => {
    stubApi();
    const { router } = renderRoute('/programme/dashboard', { auth: createFakeAuth({ user: null }) });

    expect(await screen.findByRole('button', { name: 'Login with HabiTrack Account' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/programme/dashboard');
  });

  it('shows the header and the page once signed in, with the bearer token on API calls', async () => {
    const fetchMock = stubApi();
    renderRoute('/programme/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByRole('banner')).toHaveTextContent('HabiTrack');
    expect(screen.getByText('Leadership Excellence Programme')).toBeVisible();
    expect(screen.getByText('Welcome, Priya Sharma')).toBeVisible();
    const meCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/auth/me');
    expect(new Headers(meCall?.[1]?.headers).get('Authorization')).toBe('Bearer fake-access-token');
  });

  it('greets by e-mail when the provider gives no name, and logs out', async () => {
    stubApi();
    const auth = createFakeAuth({ user: createUser({ name: undefined }) });
    renderRoute('/programme/dashboard', { auth });

    expect(await screen.findByText('Welcome, priya.sharma@acme.example')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.calls.logout).toBe(1);
  });

  it.each([
    ['user_not_registered', /isn't set up yet/],
    ['tenant_not_authorized', /sign-in isn't enabled yet/],
    ['no_account', 'No Account Found'],
    ['organization_not_registered', /is not yet registered/],
  ] as const)('shows the account-problem screen for a 401 %s', async (reason, heading) => {
    stubApi({ '/api/v1/auth/me': unauthorized(reason) });
    renderRoute('/programme/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(screen.getByText('nia@acme.example')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows an account problem without the programme or developer tools, and signs out on Try Different Account', async () => {
    stubApi({
      '/config.json': () => Response.json(createWebConfig({ devTools: true })),
      '/api/v1/auth/me': unauthorized('organization_not_registered'),
    });
    const auth = createFakeAuth();
    renderRoute('/programme/dashboard', { auth });

    await userEvent.click(await screen.findByRole('button', { name: 'Try Different Account' }));

    expect(auth.calls.logout).toBe(1);
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('HabiTrack');
    expect(within(banner).queryByText('Leadership Excellence Programme')).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Demo tools' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('signs in again, once, when the API rejects the token', async () => {
    stubApi({ '/api/v1/auth/me': unauthorized('invalid_token', null) });
    const auth = createFakeAuth();
    renderRoute('/programme/cohort', { auth });

    await waitFor(() => expect(auth.calls.login).toEqual(['/programme/cohort']));
  });

  it('stops after a second rejection soon after and offers Logout', async () => {
    sessionStorage.setItem('reloginAttemptAt', String(Date.now()));
    stubApi({ '/api/v1/auth/me': unauthorized('invalid_token', null) });
    const auth = createFakeAuth();
    renderRoute('/programme/cohort', { auth });

    expect(await screen.findByText('Your sign-in could not be verified')).toBeVisible();
    expect(auth.calls.login).toEqual([]);
    sessionStorage.clear();
  });
});
