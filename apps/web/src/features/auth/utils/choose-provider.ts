import type { TIdpType } from '../types.ts';

export type TProviderChoiceInput = {
  storedIdpType: TIdpType | null;
  shouldAutoLogin: boolean;
  // A cached hosted token entry for the configured client, audience and scope.
  hasHostedToken: boolean;
  // Any directory account in the directory SDK's cache.
  hasDirectoryAccount: boolean;
};

export type TProviderChoice = {
  idpType: TIdpType;
  // Step 1 with the flag: the caller clears the flag and starts the login.
  autoLogin: boolean;
  // Which step of the provider choice decided
  // (docs/domain/sign-in-in-the-browser.md#choosing-the-provider); kept for tests and logs.
  step: 1 | 2 | 3 | 4;
};

// The provider choice (docs/domain/sign-in-in-the-browser.md#choosing-the-provider), steps 1-4, as
// a pure function of what the browser holds.
export function chooseProvider(input: TProviderChoiceInput): TProviderChoice {
  if (input.storedIdpType) return { idpType: input.storedIdpType, autoLogin: input.shouldAutoLogin, step: 1 };
  if (input.hasHostedToken) return { idpType: 'auth0', autoLogin: false, step: 2 };
  if (input.hasDirectoryAccount) return { idpType: 'azure_ad', autoLogin: false, step: 3 };
  return { idpType: 'auth0', autoLogin: false, step: 4 };
}

// A deployment may offer one provider only (its block in /config.json is null); the choice then
// falls to the one on offer, without an automatic login the user never asked for
// (docs/domain/sign-in-in-the-browser.md#choosing-the-provider).
export function fitToAvailable(choice: TProviderChoice, available: Record<TIdpType, boolean>): TProviderChoice {
  if (available[choice.idpType]) return choice;
  const other: TIdpType = choice.idpType === 'auth0' ? 'azure_ad' : 'auth0';
  return available[other] ? { ...choice, idpType: other, autoLogin: false } : choice;
}
