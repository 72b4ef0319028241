import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeAuth } from '../../test/fake-auth.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { stubApi } from '../../test/stub-api.ts';

// The sign-in layer reads the return address from the browser's own location, as the SDKs do:
// it waits for the SDK there, even when this browser holds no session yet.
function returnedTo(address: string): string {
  window.history.replaceState(null, '', address);
  return address;
}

describe('/callback', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows a loading state while the sign-in completes', async () => {
    stubApi();
    renderRoute(returnedTo('/callback?code=abc&state=xyz'), { auth: createFakeAuth({ pending: true }) });

    expect(await screen.findByRole('status')).toBeVisible();
  });

  it('goes to the page the user wanted before signing in', async () => {
    stubApi();
    const auth = createFakeAuth({ redirect: { returnTo: '/programme/cohort' } });
    const { router } = renderRoute(returnedTo('/callback?code=abc&state=xyz'), { auth });

    // The first render of the cohort screen loads its code and catalog: up to 15 s on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Cohort' }, { timeout: 15_000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/programme/cohort');
  }, 20_000);

  it('goes to / when the sign-in named no page', async () => {
    // The flow status never answers, so the root route stays on its loading screen at '/'.
    stubApi({ '/api/v1/auth/user-flow-status': () => new Promise<Response>(() => {}) });
    const { router } = renderRoute('/callback');

    expect(await screen.findByRole('status', { name: 'Checking your account status' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows Authentication Error, the message and Return Home on failure', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi();
    const auth = createFakeAuth({ user: null, initError: new Error('Invalid state') });
    const { router } = renderRoute(returnedTo('/callback?code=abc&state=forged'), { auth });

    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Authentication Error' })).toBeVisible();
    expect(within(main).getByText('Invalid state')).toBeVisible();
    // In the app's frame, with a next step.
    expect(screen.getByRole('banner')).toHaveTextContent('HabiTrack');
    expect(within(main).getByText(/Return home to sign in again/)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Return Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('button', { name: 'Login with HabiTrack Account' })).toBeVisible();
    consoleError.mockRestore();
  });
});
