import { z } from 'zod';

export const ZResetUserDataResponse = z.object({
  detail: z.string(),
  removed: z.object({ habits: z.number().int(), logs: z.number().int(), mood_entries: z.number().int() }),
});
export type TResetUserDataResponse = z.infer<typeof ZResetUserDataResponse>;
