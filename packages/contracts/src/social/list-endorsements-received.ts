import { z } from 'zod';

export const RECEIVED_PAGE_SIZE_DEFAULT = 20;
export const RECEIVED_PAGE_SIZE_MAX = 50;
export const INVALID_CURSOR =
  'cursor is not valid: send the next_cursor of a previous page, or no cursor for the first page';

// GET /api/v1/social/endorsements/received: the caller's own endorsements, newest first, one page
// at a time. The cursor is opaque: the `next_cursor` of the page before.
export const ZListEndorsementsReceivedQuery = z.object({
  cursor: z
    .string({ error: 'must be text' })
    .min(1, { error: 'must not be empty' })
    .max(200, { error: 'is too long to be a cursor' })
    .optional(),
  page_size: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: `must be from 1 to ${RECEIVED_PAGE_SIZE_MAX}` })
    .max(RECEIVED_PAGE_SIZE_MAX, { error: `must be from 1 to ${RECEIVED_PAGE_SIZE_MAX}` })
    .default(RECEIVED_PAGE_SIZE_DEFAULT),
});
export type TListEndorsementsReceivedQuery = z.infer<typeof ZListEndorsementsReceivedQuery>;

export const ZReceivedEndorsement = z.object({
  id: z.uuid(),
  endorser: z.object({ id: z.uuid(), full_name: z.string() }),
  message: z.string(),
  // The endorser's local date.
  endorsed_on: z.iso.date(),
  created_at: z.iso.datetime(),
});
export type TReceivedEndorsement = z.infer<typeof ZReceivedEndorsement>;

export const ZListEndorsementsReceivedResponse = z.object({
  items: z.array(ZReceivedEndorsement),
  // Null on the last page.
  next_cursor: z.string().nullable(),
  total: z.number().int().min(0),
  // When the caller last opened their endorsements (null: never); those created after it are new.
  seen_at: z.iso.datetime().nullable(),
  new_since_last_visit: z.number().int().min(0),
});
export type TListEndorsementsReceivedResponse = z.infer<typeof ZListEndorsementsReceivedResponse>;
