import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LoginScreen } from '../../features/auth/components/login-screen.tsx';
import { HybridAuthContext } from '../../features/auth/hooks/use-hybrid-auth.ts';
import type { THybridAuth } from '../../features/auth/types.ts';
import { loadCatalog } from '../../lib/i18n/catalogs.ts';
import { directionOf, SUPPORTED_LOCALES, type TSupportedLocale } from '../../lib/i18n/locales.ts';
import { cssVariablesResolver, theme } from '../theme.ts';

export { SUPPORTED_LOCALES };

// Which sign-in services the deployment offers, as its runtime config says (a button is disabled
// for one it does not).
export type TOffered = { azure_ad: boolean; auth0: boolean };

// Nobody is signed in yet and nothing has been tried: the Login screen as a visitor first sees it.
// Its buttons do nothing here; the app replaces this markup with the live screen once it has run.
function visitorAuth(offered: TOffered): THybridAuth {
  const inert = () => Promise.reject(new Error('the prerendered Login screen is not interactive'));
  return {
    // What a browser with no stored choice starts on (hybrid-auth-provider.tsx).
    idpType: 'azure_ad',
    user: null,
    isAuthenticated: false,
    isLoading: false,
    interactionStatus: 'none',
    error: null,
    redirectResult: null,
    available: offered,
    login: inert,
    logout: inert,
    switchProvider: () => undefined,
    getAccessToken: inert,
    holdsSessionOf: () => false,
    sessionKeysOf: () => [],
  };
}

// The Login screen's markup in `locale`, as the app renders it at /login for a visitor (the same
// providers and components), for the HTML the server sends: the page is painted before any script
// has run (apps/web/prerender-login.mjs writes one page per locale and set of offered services).
export async function renderLoginPage(locale: TSupportedLocale, offered: TOffered, productName: string) {
  i18n.load(locale, await loadCatalog(locale));
  i18n.activate(locale);
  const markup = renderToString(
    <I18nProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(locale)} detectDirection={false}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <MemoryRouter initialEntries={['/login']}>
            <HybridAuthContext.Provider value={visitorAuth(offered)}>
              <LoginScreen productName={productName} />
            </HybridAuthContext.Provider>
          </MemoryRouter>
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>,
  );
  return { markup, lang: locale, dir: directionOf(locale) };
}
