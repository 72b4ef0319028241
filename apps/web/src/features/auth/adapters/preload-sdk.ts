import { hasKeptDataToday } from '../../../lib/persisted-queries.ts';
import { getSelectedIdpType } from '../utils/sign-in-choice.ts';

// Step 1 of the provider choice needs no runtime config: when a provider is stored (always so on
// the return from a sign-in, and on the load after a switch) its SDK can download while the app
// starts, instead of after it. Nothing is loaded on a guess. Not when the page is shown from the
// data kept for a member signed in with that provider (lib/persisted-queries.ts): the screen's own
// downloads go first, and the SDK is loaded when the sign-in layer starts, right after.
export function preloadStoredProviderSdk(): void {
  const stored = getSelectedIdpType();
  if (!stored || hasKeptDataToday(stored)) return;
  // A failure here is reported by the adapter's own import, which retries the download.
  if (stored === 'azure_ad') import('@azure/msal-browser').catch(() => {});
  else import('@auth0/auth0-spa-js').catch(() => {});
}
