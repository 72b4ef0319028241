import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../test/stub-fetch.ts';
import { AuthProblemError, getJson, HttpError, sendJson, setAccessTokenGetter } from './http.ts';

const ZAnything = z.unknown();

function headersOf(fetchMock: ReturnType<typeof stubFetch>): Headers {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

afterEach(() => setAccessTokenGetter(null));

describe('http client', () => {
  it('adds the bearer token to API calls only', async () => {
    setAccessTokenGetter(async () => 'token-1');
    const fetchMock = stubFetch(async () => Response.json({}));

    await getJson('/api/v1/auth/me', ZAnything);
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer token-1');

    fetchMock.mockClear();
    await getJson('/config.json', ZAnything);
    expect(headersOf(fetchMock).has('Authorization')).toBe(false);
  });

  it('sends no Authorization header when no token could be had', async () => {
    setAccessTokenGetter(async () => null);
    const fetchMock = stubFetch(async () => Response.json({}));

    await getJson('/api/v1/auth/me', ZAnything);
    expect(headersOf(fetchMock).has('Authorization')).toBe(false);
  });

  it('turns a contract 401 into an AuthProblemError', async () => {
    const body = { detail: 'User not found', reason: 'user_not_registered', email: 'nia@acme.example' };
    stubFetch(async () => Response.json(body, { status: 401 }));

    const error = await getJson('/api/v1/auth/me', ZAnything).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthProblemError);
    expect((error as AuthProblemError).problem).toEqual(body);
    expect((error as AuthProblemError).status).toBe(401);
  });

  it('keeps other errors as HttpError with the detail', async () => {
    stubFetch(async () => Response.json({ detail: 'Missing bearer token' }, { status: 401 }));
    const error = await getJson('/api/v1/auth/me', ZAnything).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(AuthProblemError);
    expect((error as HttpError).detail).toBe('Missing bearer token');
  });

  it('aborts a request that outlives its timeout', async () => {
    stubFetch(
      (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );

    await expect(getJson('/api/v1/auth/user-flow-status', ZAnything, { timeoutMs: 20 })).rejects.toThrow();
  });

  it('sends JSON bodies and accepts an empty answer', async () => {
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }));

    await expect(sendJson('POST', '/api/v1/mood/skip', { body: { a: 1 }, schema: z.undefined() })).resolves.toBe(
      undefined,
    );
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(headersOf(fetchMock).get('Content-Type')).toBe('application/json');
  });
});
