import { z } from 'zod';

export const ZPositiveChange = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
});
export type TPositiveChange = z.infer<typeof ZPositiveChange>;

export const ZHabit = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  estimated_time_minutes: z.number().int(),
  default_duration_days: z.number().int(),
  tips: z.array(z.string()),
  positive_changes: z.array(ZPositiveChange),
});
export type THabit = z.infer<typeof ZHabit>;

export const ZBehaviour = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  habits: z.array(ZHabit),
});
export type TBehaviour = z.infer<typeof ZBehaviour>;

export const ZListBehavioursParams = z.object({ id: z.uuid({ error: 'must be a programme id (UUID)' }) });
export const ZListBehavioursResponse = z.array(ZBehaviour);
