import { z } from 'zod';

export const NOT_YOUR_ENDORSEMENT = 'This endorsement is not one you received.';

// PUT /api/v1/social/endorsements/received/seen: the member has seen their endorsements up to and
// including this one (the newest on the page they opened). The marker only ever moves forward.
export const ZMarkEndorsementsSeenRequest = z.strictObject({
  newest_seen_id: z.uuid({ error: 'must be an endorsement id (UUID)' }),
});
export type TMarkEndorsementsSeenRequest = z.infer<typeof ZMarkEndorsementsSeenRequest>;

export const ZMarkEndorsementsSeenResponse = z.object({
  seen_at: z.iso.datetime(),
  new_since_last_visit: z.number().int().min(0),
});
export type TMarkEndorsementsSeenResponse = z.infer<typeof ZMarkEndorsementsSeenResponse>;
