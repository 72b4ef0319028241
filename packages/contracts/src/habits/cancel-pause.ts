import { z } from 'zod';

// DELETE /habits/{userHabitId}/pauses/{id} — 204 without a body. Removes the pause's days that have
// not passed (today included): a pause not begun goes entirely, one under way ends yesterday. A
// pause that is over cannot be cancelled (409).
export const ZCancelPauseParams = z.object({
  userHabitId: z.uuid({ error: 'must be a user habit id (UUID)' }),
  id: z.uuid({ error: 'must be a pause id (UUID)' }),
});
