import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const ZReadinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  // Why the instance is not ready (absent when it is).
  detail: z.string().optional(),
});
export type TReadinessResponse = z.infer<typeof ZReadinessResponse>;
