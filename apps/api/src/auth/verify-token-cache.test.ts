import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestIssuers, testAuth } from '../test/tokens.ts';
import { createTokenVerifier, InvalidTokenError } from './verify-token.ts';

// A key set that counts how often a signature had to be checked against it.
function counting(keys: JWTVerifyGetKey) {
  const counter = {
    calls: 0,
    keys: (async (...args: Parameters<JWTVerifyGetKey>) => {
      counter.calls += 1;
      return keys(...args);
    }) as JWTVerifyGetKey,
  };
  return counter;
}

describe('the cache of verified access tokens', () => {
  it('verifies a token once and answers the same caller from memory afterwards', async () => {
    const issuers = await createTestIssuers();
    const hosted = counting(issuers.keySets.auth0!);
    const verify = createTokenVerifier(testAuth, { auth0: hosted.keys });
    const token = await issuers.hosted({ sub: 'auth0|cached', email: 'cached@example.com' });

    const first = await verify(token);
    const second = await verify(token);
    expect(second).toEqual(first);
    expect(second.subject).toBe('auth0|cached');
    expect(hosted.calls).toBe(1);
  });

  it('stops accepting a cached token once it has expired (after the 60 s leeway)', async () => {
    const issuers = await createTestIssuers();
    const hosted = counting(issuers.keySets.auth0!);
    let clock = Date.now();
    const verify = createTokenVerifier(testAuth, { auth0: hosted.keys }, { now: () => clock });
    const exp = Math.floor(clock / 1000) + 120;
    const token = await issuers.hosted({ email: 'short@example.com', claims: { exp } });

    await verify(token);
    clock = (exp + 30) * 1000; // inside the leeway: still fine, from the cache
    await expect(verify(token)).resolves.toMatchObject({ expiresAt: exp });
    expect(hosted.calls).toBe(1);
    clock = (exp + 61) * 1000; // past it: verified afresh, and refused
    await expect(verify(token)).rejects.toThrow(new InvalidTokenError('The access token has expired.'));
    await expect(verify(token)).rejects.toThrow(InvalidTokenError);
  });

  it('never remembers a refusal: a token refused once is checked again next time', async () => {
    const issuers = await createTestIssuers();
    // At first the key set does not hold the key the token is signed with (not yet published).
    let published = createLocalJWKSet({ keys: [] });
    const verify = createTokenVerifier(testAuth, { auth0: (...args) => published(...args) });
    const token = await issuers.hosted({ email: 'early@example.com' });

    await expect(verify(token)).rejects.toThrow('The access token signature is not valid.');
    published = createLocalJWKSet({ keys: [issuers.hostedKey.publicJwk] });
    await expect(verify(token)).resolves.toMatchObject({ email: 'early@example.com' });
  });

  it('does not let a token with a changed signature borrow a cached verification', async () => {
    const issuers = await createTestIssuers();
    const verify = createTokenVerifier(testAuth, issuers.keySets);
    const token = await issuers.hosted({ email: 'intact@example.com' });
    await verify(token);
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    await expect(verify(tampered)).rejects.toThrow(InvalidTokenError);
  });

  it('keeps at most cacheSize tokens, dropping the least recently used', async () => {
    const issuers = await createTestIssuers();
    const hosted = counting(issuers.keySets.auth0!);
    const verify = createTokenVerifier(testAuth, { auth0: hosted.keys }, { cacheSize: 2 });
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map((name) => issuers.hosted({ email: `${name}@example.com` })),
    );
    await verify(a!);
    await verify(b!);
    await verify(a!); // a is now the most recently used
    await verify(c!); // evicts b
    expect(hosted.calls).toBe(3);
    await verify(a!);
    await verify(c!);
    expect(hosted.calls).toBe(3);
    await verify(b!);
    expect(hosted.calls).toBe(4);
  });
});

describe('refusals that cost no signature check', () => {
  it('turns away garbage, expired tokens and tokens for another audience before any key is used', async () => {
    const issuers = await createTestIssuers();
    const hosted = counting(issuers.keySets.auth0!);
    const verify = createTokenVerifier(testAuth, { auth0: hosted.keys });
    const now = Math.floor(Date.now() / 1000);
    const refusals: [string, string][] = [
      ['not.a.token', 'The access token is not a well-formed JWT.'],
      [
        await issuers.hosted({ email: 'old@example.com', claims: { exp: now - 3600 } }),
        'The access token has expired.',
      ],
      [
        await issuers.hosted({ email: 'other@example.com', claims: { aud: 'https://other.api' } }),
        "The access token's aud claim is not valid.",
      ],
      [await issuers.hosted({ email: 'x@example.com', claims: { iss: 'https://evil.test/' } }), 'not issued by'],
    ];
    for (const [token, message] of refusals) {
      await expect(verify(token)).rejects.toThrow(InvalidTokenError);
      await expect(verify(token)).rejects.toThrow(message);
    }
    expect(hosted.calls).toBe(0);
    // A token that passes those checks is still verified in full.
    await expect(verify(await issuers.hosted({ email: 'x@example.com', key: issuers.strangerKey }))).rejects.toThrow(
      'The access token signature is not valid.',
    );
    expect(hosted.calls).toBe(1);
  });
});
