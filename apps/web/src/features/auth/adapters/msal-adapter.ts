import { t } from '@lingui/core/macro';
import type { AccountInfo, PublicClientApplication } from '@azure/msal-browser';
import { clearSignInChoice } from '../utils/sign-in-choice.ts';
import { HOSTED_SCOPE } from '../utils/cached-sessions.ts';
import { CALLBACK_PATH, sanitizeReturnTo } from '../utils/return-to.ts';
import type { TAdapterOptions, TAuthAdapter, TDirectoryAuthConfig, THybridAuthUser } from '../types.ts';

function toUser(account: AccountInfo): THybridAuthUser {
  return { email: account.username, name: account.name ?? account.username, sub: account.localAccountId };
}

// The directory provider ("Corporate Account") through MSAL, loaded on first use only.
export function createMsalAdapter(config: TDirectoryAuthConfig, { origin, onStatus }: TAdapterOptions): TAuthAdapter {
  let msal: typeof import('@azure/msal-browser') | undefined;
  let pca: PublicClientApplication | undefined;
  // The scopes openid, profile, email; plus the API's scope so the same sign-in yields an API token
  // (docs/domain/sign-in-in-the-browser.md#sdk-settings).
  const scopes = [...HOSTED_SCOPE.split(' '), config.apiScope];

  function started() {
    if (!msal || !pca) throw new Error(t`The sign-in service has not started yet.`);
    return { msal, pca };
  }

  function currentAccount(): AccountInfo | null {
    const { pca } = started();
    return pca.getActiveAccount() ?? pca.getAllAccounts()[0] ?? null;
  }

  return {
    async init() {
      msal = await import('@azure/msal-browser');
      pca = new msal.PublicClientApplication({
        auth: {
          clientId: config.clientId,
          authority: config.authority,
          knownAuthorities: config.knownAuthorities,
          redirectUri: `${origin}${CALLBACK_PATH}`,
          postLogoutRedirectUri: origin,
          // /callback finishes the sign-in itself and then goes to the page the user wanted (the
          // request's state), like the hosted service, instead of a second full page load.
          navigateToLoginRequestUrl: false,
        },
        cache: { cacheLocation: 'localStorage' },
        // Popup 60 s, hidden frame 10 s (docs/domain/sign-in-in-the-browser.md#sdk-settings).
        system: { windowHashTimeout: 60_000, iframeHashTimeout: 10_000 },
      });
      await pca.initialize();
      onStatus('handleRedirect');
      const result = await pca.handleRedirectPromise();
      if (result?.account) {
        pca.setActiveAccount(result.account);
        // A completed directory sign-in forgets the stored choice and the auto-login flag
        // (docs/domain/sign-in-in-the-browser.md#signing-in-and-the-callback).
        clearSignInChoice();
      }
      const account = currentAccount();
      return {
        user: account && toUser(account),
        redirect: result ? { returnTo: sanitizeReturnTo(result.state) } : null,
      };
    },

    async login(returnTo) {
      await started().pca.loginRedirect({ scopes, state: returnTo });
    },

    async logout() {
      const account = currentAccount();
      await started().pca.logoutRedirect({ ...(account ? { account } : {}), postLogoutRedirectUri: origin });
    },

    async getAccessToken() {
      const { msal, pca } = started();
      const account = currentAccount();
      if (!account) throw new Error(t`No directory account is signed in.`);
      try {
        return (await pca.acquireTokenSilent({ scopes, account })).accessToken;
      } catch (error) {
        if (!(error instanceof msal.InteractionRequiredAuthError)) throw error;
        onStatus('acquireToken');
        try {
          const popupWindowAttributes = { popupSize: { width: 400, height: 600 } };
          return (await pca.acquireTokenPopup({ scopes, account, popupWindowAttributes })).accessToken;
        } finally {
          onStatus('none');
        }
      }
    },
  };
}
