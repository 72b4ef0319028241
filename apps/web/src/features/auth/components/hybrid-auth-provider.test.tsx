import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  getSelectedIdpType,
  getShouldAutoLogin,
  setSelectedIdpType,
  setShouldAutoLogin,
} from '../utils/sign-in-choice.ts';
import { createFakeAuth, type FakeAuthOptions } from '../../../test/fake-auth.ts';
import { createWebConfig } from '../../../test/web-config.ts';
import { useHybridAuth } from '../hooks/use-hybrid-auth.ts';
import type { TAuthConfig, THybridAuth } from '../types.ts';
import { HybridAuthProvider } from './hybrid-auth-provider.tsx';

function renderProvider(options: FakeAuthOptions = {}, config: TAuthConfig = createWebConfig().auth) {
  const fake = createFakeAuth(options);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HybridAuthProvider config={config} createAdapter={fake.createAdapter} reload={fake.reload}>
      {children}
    </HybridAuthProvider>
  );
  const { result } = renderHook(() => useHybridAuth(), { wrapper });
  return { ...fake, result };
}

// The parts of the state each test looks at, in one comparable line.
function summary(auth: THybridAuth): string {
  const loading = auth.isLoading ? 'loading' : 'ready';
  return `${auth.idpType} ${auth.interactionStatus} ${loading} ${auth.isAuthenticated ? 'in' : 'out'}`;
}

async function settled(result: { current: THybridAuth }, expected: string) {
  await waitFor(() => expect(summary(result.current)).toBe(expected));
}

const hostedKey = '@@auth0spajs@@::habitrack-web::https://api.habitrack.local::openid profile email offline_access';

describe('HybridAuthProvider: provider choice (docs/domain/sign-in-in-the-browser.md#choosing-the-provider)', () => {
  it('starts in startup and reaches none once the adapter has started', async () => {
    localStorage.setItem(hostedKey, JSON.stringify({ body: {} }));
    const { result } = renderProvider();
    expect(summary(result.current)).toBe('auth0 startup loading out');
    await settled(result, 'auth0 none ready in');
  });

  it('step 1: uses the stored provider and starts only its adapter', async () => {
    setSelectedIdpType('azure_ad');
    localStorage.setItem(hostedKey, JSON.stringify({ body: {} }));
    const fake = renderProvider();
    await settled(fake.result, 'azure_ad none ready in');
    expect(fake.calls.created).toEqual(['azure_ad']);
    expect(fake.calls.login).toEqual([]);
  });

  it('step 1 with shouldAutoLogin: clears the flag and logs in automatically', async () => {
    setSelectedIdpType('azure_ad');
    setShouldAutoLogin(true);
    const fake = renderProvider({ user: null });
    await waitFor(() => expect(fake.calls.login).toEqual(['/']));
    expect(getShouldAutoLogin()).toBe(false);
    expect(summary(fake.result.current)).toBe('azure_ad login loading out');
  });

  it('step 2: a cached hosted token picks the hosted service over a known directory account', async () => {
    localStorage.setItem(hostedKey, JSON.stringify({ body: {} }));
    localStorage.setItem('msal.2.account.keys', JSON.stringify(['account']));
    const fake = renderProvider();
    await settled(fake.result, 'auth0 none ready in');
    expect(fake.calls.created).toEqual(['auth0']);
  });

  it('step 3: a known directory account picks the directory provider', async () => {
    localStorage.setItem('msal.2.account.keys', JSON.stringify(['account']));
    const fake = renderProvider();
    await settled(fake.result, 'azure_ad none ready in');
    expect(fake.calls.created).toEqual(['azure_ad']);
  });

  it('step 4: with nothing known, the hosted service', async () => {
    const fake = renderProvider({ user: null });
    await settled(fake.result, 'auth0 none ready out');
    expect(fake.calls.created).toEqual(['auth0']);
  });
});

describe('HybridAuthProvider: a browser that holds no session', () => {
  it('is signed out at once, and the SDK starts only after the screen is painted', async () => {
    const fake = renderProvider({ user: null });
    expect(summary(fake.result.current)).toBe('auth0 startup ready out');
    await settled(fake.result, 'auth0 none ready out');
    expect(fake.calls.created).toEqual(['auth0']);
  });

  it('a login asked for before the SDK has started waits for it', async () => {
    const fake = renderProvider({ user: null });
    expect(summary(fake.result.current)).toBe('auth0 startup ready out');
    await act(() => fake.result.current.login('/programme/cohort'));
    expect(fake.calls.login).toEqual(['/programme/cohort']);
    expect(summary(fake.result.current)).toBe('auth0 login loading out');
  });

  it('waits for the SDK when it may find someone: a held session, an automatic login, a sign-in return', async () => {
    localStorage.setItem('msal.2.account.keys', JSON.stringify(['account']));
    expect(summary(renderProvider({ pending: true }).result.current)).toBe('azure_ad startup loading out');
    localStorage.clear();
    setSelectedIdpType('auth0');
    setShouldAutoLogin(true);
    expect(summary(renderProvider({ pending: true }).result.current)).toBe('auth0 startup loading out');
    localStorage.clear();
    window.history.pushState({}, '', '/callback?code=c&state=s');
    try {
      expect(summary(renderProvider({ pending: true }).result.current)).toBe('auth0 startup loading out');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('HybridAuthProvider: actions', () => {
  it('switching stores the choice and the auto-login flag, then reloads', async () => {
    const fake = renderProvider({ user: null });
    await settled(fake.result, 'auth0 none ready out');

    fake.result.current.switchProvider('azure_ad');
    expect(getSelectedIdpType()).toBe('azure_ad');
    expect(getShouldAutoLogin()).toBe(true);
    expect(fake.calls.reload).toBe(1);
  });

  it('switching to the provider already in use does nothing', async () => {
    const fake = renderProvider({ user: null });
    await settled(fake.result, 'auth0 none ready out');

    fake.result.current.switchProvider('auth0');
    expect(getSelectedIdpType()).toBeNull();
    expect(getShouldAutoLogin()).toBe(false);
    expect(fake.calls.reload).toBe(0);
  });

  it('a logout asked for before the SDK has started (a kept screen is live first) waits for it, then signs out', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(hostedKey, JSON.stringify({ body: {} }));
    let finishStart!: () => void;
    const fake = renderProvider({ startsWhen: new Promise<void>((resolve) => (finishStart = resolve)) });
    let loggingOut!: Promise<void>;
    act(() => {
      loggingOut = fake.result.current.logout();
    });
    expect(fake.result.current.interactionStatus).toBe('logout');
    expect(fake.calls.logout).toBe(0);

    await act(async () => {
      finishStart();
      await loggingOut;
    });
    expect(fake.calls.logout).toBe(1);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('a request made while signing out waits for the page to leave instead of asking the provider for a token', async () => {
    localStorage.setItem(hostedKey, JSON.stringify({ body: {} }));
    const fake = renderProvider();
    await settled(fake.result, 'auth0 none ready in');
    expect(await fake.result.current.getAccessToken()).toBe('fake-access-token');
    expect(fake.calls.tokens).toBe(1);

    await act(() => fake.result.current.logout());
    expect(fake.calls.logout).toBe(1);
    let answered = false;
    void fake.result.current.getAccessToken().then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    expect(fake.calls.tokens).toBe(1);
  });

  it('a sign-out that cannot start lets the requests that waited get their token', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(hostedKey, JSON.stringify({ body: {} }));
    const fake = renderProvider({ logoutError: new Error('the provider is unreachable') });
    await settled(fake.result, 'auth0 none ready in');
    let loggingOut!: Promise<void>;
    let token!: Promise<string | null>;
    act(() => {
      loggingOut = fake.result.current.logout();
      token = fake.result.current.getAccessToken();
    });
    await act(() => loggingOut);
    expect(await token).toBe('fake-access-token');
    expect(fake.result.current.interactionStatus).toBe('none');
    expect(consoleError).toHaveBeenCalledWith('Sign-out could not start', expect.any(Error));
    consoleError.mockRestore();
  });

  it('a login that cannot start is logged and the loading mark reset', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    setSelectedIdpType('azure_ad');
    const { result } = renderProvider({ user: null, loginError: new Error('popup blocked') });
    await settled(result, 'azure_ad none ready out');

    await act(() => result.current.login('/programme/cohort'));
    await settled(result, 'azure_ad none ready out');
    expect(consoleError).toHaveBeenCalledWith('Sign-in could not start', expect.any(Error));
    consoleError.mockRestore();
  });

  it('remembers the provider a login used, so the return page starts the same one', async () => {
    const fake = renderProvider({ user: null });
    await settled(fake.result, 'auth0 none ready out');

    await act(() => fake.result.current.login('/programme/dashboard'));
    expect(fake.calls.login).toEqual(['/programme/dashboard']);
    expect(getSelectedIdpType()).toBe('auth0');
  });

  it('reports a failed start (e.g. a bad redirect) as an error, signed out', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderProvider({ initError: new Error('Invalid state') });

    await settled(result, 'auth0 none ready out');
    expect(result.current.error?.message).toBe('Invalid state');
    consoleError.mockRestore();
  });

  it('gives a null token (logged) when the adapter cannot get one', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderProvider({ token: null });
    await settled(result, 'auth0 none ready in');

    await expect(result.current.getAccessToken()).resolves.toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Could not get an access token', expect.any(Error));
    consoleError.mockRestore();
  });

  it('uses the only provider a deployment offers', async () => {
    setSelectedIdpType('auth0');
    const fake = renderProvider({}, { auth0: null, azure: createWebConfig().auth.azure });
    await settled(fake.result, 'azure_ad none ready in');
    expect(fake.calls.created).toEqual(['azure_ad']);
  });
});
