import { getSelectedIdpType } from '../../../lib/storage.ts';

// Step 1 of the provider choice needs no runtime config: when a provider is stored (always so on
// the return from a sign-in, and on the load after a switch) its SDK can download while
// /config.json loads, instead of after it. Nothing is loaded on a guess.
export function preloadStoredProviderSdk(): void {
  const stored = getSelectedIdpType();
  // A failure here is reported by the adapter's own import, which retries the download.
  if (stored === 'azure_ad') import('@azure/msal-browser').catch(() => {});
  else if (stored === 'auth0') import('@auth0/auth0-spa-js').catch(() => {});
}
