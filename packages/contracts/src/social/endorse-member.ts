import { z } from 'zod';
import { zPlainText } from '../common/plain-text.ts';

export const ENDORSEMENT_MESSAGE_MAX = 500;
export const ENDORSE_ONCE_PER_DAY = 'You can only endorse this user once per day';
export const NO_ACTIVE_HABITS_TO_ENDORSE = 'No active habits to endorse';
export const CANNOT_ENDORSE_SELF = 'You cannot endorse yourself';

export const ZEndorseMemberRequest = z.strictObject({
  endorsed_user_id: z.uuid({ error: 'must be a user id (UUID)' }),
  message: zPlainText()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(ENDORSEMENT_MESSAGE_MAX, { error: `must be at most ${ENDORSEMENT_MESSAGE_MAX} characters` }),
});
export type TEndorseMemberRequest = z.infer<typeof ZEndorseMemberRequest>;

export const ZEndorsement = z.object({
  id: z.uuid(),
  endorsed_user_id: z.uuid(),
  message: z.string(),
  endorsed_on: z.iso.date(),
  total_endorsements: z.number().int().min(1),
});
export type TEndorsement = z.infer<typeof ZEndorsement>;
