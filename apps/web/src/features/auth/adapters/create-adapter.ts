import { t } from '@lingui/core/macro';
import type { TAuthAdapterFactory } from '../types.ts';
import { createAuth0Adapter } from './auth0-adapter.ts';
import { createMsalAdapter } from './msal-adapter.ts';

// Only the chosen provider's adapter starts, and each adapter import()s its own SDK, so the
// first bundle carries neither SDK and a page load fetches one at most.
export const createAuthAdapter: TAuthAdapterFactory = (idpType, config, options) => {
  if (idpType === 'azure_ad') {
    if (!config.azure) throw new Error(t`Corporate sign-in is not configured for this site.`);
    return createMsalAdapter(config.azure, options);
  }
  if (!config.auth0) throw new Error(t`HabiTrack Account sign-in is not configured for this site.`);
  return createAuth0Adapter(config.auth0, options);
};
