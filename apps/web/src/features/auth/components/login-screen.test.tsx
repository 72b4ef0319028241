import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSelectedIdpType, getShouldAutoLogin, setSelectedIdpType } from '../utils/sign-in-choice.ts';
import { createFakeAuth } from '../../../test/fake-auth.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { stubApi } from '../../../test/stub-api.ts';

const signedOut = () => createFakeAuth({ user: null });

describe('Login screen', () => {
  it('offers the three sign-in options and a terms notice', async () => {
    stubApi();
    renderRoute('/', { auth: signedOut() });

    expect(await screen.findByRole('button', { name: 'Login with Corporate Account' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Login with HabiTrack Account' })).toBeEnabled();
    const google = screen.getByRole('button', { name: /Login With Google/ });
    expect(google).toBeDisabled();
    expect(google).toHaveTextContent('Coming Soon');
    expect(
      screen.getByText(/By signing in, you agree to the HabiTrack Terms of Service and Privacy Policy/),
    ).toBeVisible();
  });

  it('signs in with the provider in use and asks to return to the page the user wanted', async () => {
    stubApi();
    const auth = signedOut();
    renderRoute('/programme/cohort?tab=streaks', { auth });

    await userEvent.click(await screen.findByRole('button', { name: 'Login with HabiTrack Account' }));
    // The sign-in starts once the SDK has (it starts after the Login screen is painted).
    await vi.waitFor(() => expect(auth.calls.login).toEqual(['/programme/cohort?tab=streaks']));
    expect(auth.calls.reload).toBe(0);
  });

  it('switches to the other provider: stored with auto-login, then the page reloads', async () => {
    stubApi();
    const auth = signedOut();
    renderRoute('/', { auth });

    await userEvent.click(await screen.findByRole('button', { name: 'Login with Corporate Account' }));
    expect(getSelectedIdpType()).toBe('azure_ad');
    expect(getShouldAutoLogin()).toBe(true);
    expect(auth.calls.reload).toBe(1);
    expect(auth.calls.login).toEqual([]);
  });

  it('signs in directly with the directory provider when it is already the choice', async () => {
    setSelectedIdpType('azure_ad');
    stubApi();
    const auth = signedOut();
    renderRoute('/programme/dashboard', { auth });

    await userEvent.click(await screen.findByRole('button', { name: 'Login with Corporate Account' }));
    expect(auth.calls.created).toEqual(['azure_ad']);
    // The login waits for the sign-in SDK, which starts once the Login screen is painted.
    await vi.waitFor(() => expect(auth.calls.login).toEqual(['/programme/dashboard']));
  });

  it("shows 'Loading authentication...' while the provider is being resolved", async () => {
    stubApi();
    renderRoute('/', { auth: createFakeAuth({ pending: true }) });

    expect(await screen.findByText('Loading authentication...')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Login with Corporate Account' })).not.toBeInTheDocument();
  });

  it('says why the last sign-in did not complete', async () => {
    stubApi();
    const auth = createFakeAuth({ user: null, initError: new Error('The sign-in was cancelled.') });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/', { auth });

    expect(await screen.findByText('The sign-in was cancelled.')).toBeVisible();
    consoleError.mockRestore();
  });
});
