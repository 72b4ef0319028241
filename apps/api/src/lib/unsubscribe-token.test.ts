import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('unsubscribe tokens', () => {
  const userId = randomUUID();
  const token = signUnsubscribeToken({ secret, userId, kind: 'daily_reminder' });

  it('names the member and the kind it was signed for', () => {
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ userId, kind: 'daily_reminder' });
    const weekly = signUnsubscribeToken({ secret, userId, kind: 'weekly_summary' });
    expect(weekly).not.toBe(token);
    expect(verifyUnsubscribeToken(secret, weekly)).toEqual({ userId, kind: 'weekly_summary' });
  });

  it('refuses a token with another member, another kind, another signature or another secret', () => {
    const [, kind, signature] = token.split('.');
    const otherUser = randomUUID();
    const flipped = `${signature!.slice(0, 10)}${signature![10] === 'A' ? 'B' : 'A'}${signature!.slice(11)}`;
    for (const forged of [
      `${otherUser}.${kind}.${signature}`,
      `${userId}.weekly_summary.${signature}`,
      `${userId}.${kind}.${flipped}`,
      `${userId}.${kind}.${signature}.extra`,
      `${userId}.${kind}.${signature!.slice(0, -1)}`,
      `${userId}.${kind}.`,
      `${userId}.daily_digest.${signature}`,
      'not-a-token',
      '',
    ]) {
      expect(verifyUnsubscribeToken(secret, forged), forged).toBeNull();
    }
    expect(verifyUnsubscribeToken('another-secret-of-thirty-two-characters!', token)).toBeNull();
  });

  it('refuses the non-canonical spelling of a signature (spare bits changed)', () => {
    const [id, kind, signature] = token.split('.');
    // The last of 43 base64url characters carries 2 spare bits.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature!.at(-1)!);
    const sibling = alphabet[last ^ 1]!;
    expect(verifyUnsubscribeToken(secret, `${id}.${kind}.${signature!.slice(0, -1)}${sibling}`)).toBeNull();
  });
});
