import { z } from 'zod';

// The web app's runtime configuration, served as /config.json so one build serves every
// environment. A provider is null when this deployment does not offer it.
export const ZHostedAuthConfig = z.object({
  // auth0-spa-js `domain`; may carry a scheme (the development provider is plain http).
  domain: z.string(),
  clientId: z.string(),
  audience: z.string(),
});

export const ZDirectoryAuthConfig = z.object({
  clientId: z.string(),
  // e.g. https://login.microsoftonline.com/organizations
  authority: z.string(),
  knownAuthorities: z.array(z.string()),
  // The API's delegated scope, e.g. api://<api-app-id>/access_as_user
  apiScope: z.string(),
});

export const ZWebConfig = z.object({
  productName: z.string(),
  devTools: z.boolean(),
  auth: z.object({
    auth0: ZHostedAuthConfig.nullable(),
    azure: ZDirectoryAuthConfig.nullable(),
  }),
});
export type TWebConfig = z.infer<typeof ZWebConfig>;
