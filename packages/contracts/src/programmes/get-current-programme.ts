import { z } from 'zod';

export const ZModule = z.object({ id: z.uuid(), name: z.string(), position: z.number().int() });

export const ZProgramme = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  // Sanitised HTML: safe to render as markup.
  intro_content: z.string().nullable(),
  starts_at: z.iso.datetime({ offset: true }).nullable(),
  modules: z.array(ZModule),
});
export type TProgramme = z.infer<typeof ZProgramme>;
