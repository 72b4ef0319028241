import { z } from 'zod';
import { ZNotificationKind } from '../me/get-notification-preferences.ts';

export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[a-z_]+\.[A-Za-z0-9_-]+$/;

// /api/v1/notifications/unsubscribe?token=...: no sign-in; the token, signed by the server, names
// one member and one kind of e-mail, and that one setting is all it can change.
export const ZUnsubscribeQuery = z.object({
  token: z
    .string({ error: 'is required: open the link from the e-mail' })
    .max(200, { error: 'is not a valid unsubscribe token' })
    .regex(UNSUBSCRIBE_TOKEN_PATTERN, { error: 'is not a valid unsubscribe token' }),
});
export type TUnsubscribeQuery = z.infer<typeof ZUnsubscribeQuery>;

// The POST body: RFC 8058's one-click form (List-Unsubscribe=One-Click, sent by mail clients as
// application/x-www-form-urlencoded), an empty JSON object from the web page, or no body at all.
export const ZUnsubscribeRequest = z
  .strictObject({
    'List-Unsubscribe': z.literal('One-Click', { error: "must be 'One-Click' (RFC 8058)" }).optional(),
  })
  .nullish();
export type TUnsubscribeRequest = z.infer<typeof ZUnsubscribeRequest>;

// Which e-mail the link is for, and whether the member still receives it.
export const ZUnsubscribeStatus = z.object({
  kind: ZNotificationKind,
  subscribed: z.boolean(),
});
export type TUnsubscribeStatus = z.infer<typeof ZUnsubscribeStatus>;
