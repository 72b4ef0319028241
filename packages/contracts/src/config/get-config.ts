import { z } from 'zod';

// The web app's runtime configuration, served as /config.json so one build serves every
// environment. Sign-in provider settings join it with the sign-in step.
export const ZWebConfig = z.object({
  productName: z.string(),
  devTools: z.boolean(),
});
export type TWebConfig = z.infer<typeof ZWebConfig>;
