import { createHmac, timingSafeEqual } from 'node:crypto';
import { ZNotificationKind, type TNotificationKind } from '@habitrack/contracts/me/get-notification-preferences';

// The token of an unsubscribe link: `<user id>.<kind>.<signature>`, the signature an HMAC-SHA256
// of the user id and kind under the server's secret (UNSUBSCRIBE_SECRET). It needs no sign-in, so
// all it can do is turn off that one kind of e-mail for that one member; it never expires (old
// e-mails keep working), and changing the secret voids every link sent (decision 015).
const PURPOSE = 'habitrack-unsubscribe-v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, userId: string, kind: TNotificationKind) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${userId}\n${kind}`).digest();

export function signUnsubscribeToken(options: { secret: string; userId: string; kind: TNotificationKind }): string {
  const userId = options.userId.toLowerCase();
  return `${userId}.${options.kind}.${signature(options.secret, userId, options.kind).toString('base64url')}`;
}

// The member and kind a token names, or null for anything the server did not sign.
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: TNotificationKind } | null {
  const [userId = '', kindText = '', signed = '', ...rest] = token.split('.');
  const kind = ZNotificationKind.safeParse(kindText);
  if (rest.length > 0 || !UUID.test(userId) || !kind.success || !/^[A-Za-z0-9_-]{43}$/.test(signed)) return null;
  const expected = signature(secret, userId, kind.data);
  const given = Buffer.from(signed, 'base64url');
  // Only the canonical spelling counts: a base64url string whose spare bits differ is refused.
  if (given.toString('base64url') !== signed || given.length !== expected.length) return null;
  return timingSafeEqual(given, expected) ? { userId, kind: kind.data } : null;
}
