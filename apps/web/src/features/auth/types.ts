import type { TWebConfig } from '@habitrack/contracts/config/get-config';
import type { TIdpType } from './utils/sign-in-choice.ts';

export type { TIdpType };

export type TAuthConfig = TWebConfig['auth'];
export type THostedAuthConfig = NonNullable<TAuthConfig['auth0']>;
export type TDirectoryAuthConfig = NonNullable<TAuthConfig['azure']>;

// The signed-in user (docs/domain/sign-in-in-the-browser.md#the-signed-in-user). Directory: email
// from the account username, name, sub from the local account id. Hosted: the ID token's claims as
// they are.
export type THybridAuthUser = {
  email?: string;
  name?: string;
  sub?: string;
  [claim: string]: unknown;
};

// The interaction status (docs/domain/sign-in-in-the-browser.md#interaction-status); the values are
// MSAL's InteractionStatus strings so both providers report alike.
export type TInteractionStatus =
  'startup' | 'none' | 'login' | 'acquireToken' | 'ssoSilent' | 'handleRedirect' | 'logout';

// What a finished sign-in redirect asked for: the page the user wanted before signing in.
export type TRedirectResult = { returnTo: string };

export type TAdapterSession = {
  user: THybridAuthUser | null;
  // Set only on the load that completes a sign-in redirect.
  redirect: TRedirectResult | null;
};

// The seam between the React layer and an SDK: the real adapters load their SDK lazily and are
// exercised end to end; component tests pass fakes.
export type TAuthAdapter = {
  // Loads the SDK, completes a sign-in redirect if this URL carries one, and reports the session.
  init(): Promise<TAdapterSession>;
  // Leaves the page for the provider; returns only if the redirect could not start.
  login(returnTo: string): Promise<void>;
  logout(): Promise<void>;
  // Silent first, popup when the provider needs interaction; throws when both fail.
  getAccessToken(): Promise<string>;
};

export type TAdapterOptions = {
  origin: string;
  onStatus: (status: TInteractionStatus) => void;
};

export type TAuthAdapterFactory = (idpType: TIdpType, config: TAuthConfig, options: TAdapterOptions) => TAuthAdapter;

export type THybridAuth = {
  idpType: TIdpType;
  user: THybridAuthUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  interactionStatus: TInteractionStatus;
  // Why the last sign-in redirect or SDK start failed; shown on /callback and the Login screen.
  error: Error | null;
  redirectResult: TRedirectResult | null;
  // Which providers this deployment offers (a null block in /config.json).
  available: Record<TIdpType, boolean>;
  // Returns to `returnTo` (default: the current address) once signed in.
  login(returnTo?: string): Promise<void>;
  logout(): Promise<void>;
  switchProvider(idpType: TIdpType): void;
  // Null when no token could be had (logged): the API's 401 then leads to signing in again.
  getAccessToken(): Promise<string | null>;
  // Whether the chosen provider's SDK holds a session of this subject (`user.sub`), read from the
  // browser's storage before the SDK has started.
  holdsSessionOf(sub: string): boolean;
  // The SDK's storage entries that hold this subject's session now (lib/kept-screens.ts).
  sessionKeysOf(sub: string): string[];
};
