import { ZAuthProblem, type TAuthProblem } from '@habitrack/contracts/auth/auth-problem';
import type { z } from 'zod';

// Carries the server's `{"detail": ...}` so screens can react to specific errors.
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  // The whole parsed error body, for refusals that carry more than a detail (the fields of a
  // validation error, the problems of an uploaded file).
  readonly body: unknown;

  constructor(status: number, detail?: string, body?: unknown) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the console; screens use refusal-text.ts
    super(detail ? `HTTP ${status}: ${detail}` : `HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }
}

// A 401 whose body follows the contract: `reason` says which account-problem screen fits.
export class AuthProblemError extends HttpError {
  readonly problem: TAuthProblem;

  constructor(problem: TAuthProblem) {
    super(401, problem.detail);
    this.name = 'AuthProblemError';
    this.problem = problem;
  }
}

// Resolves to null when no token can be had; the request then goes out without one and the
// API's 401 (`invalid_token`) lets the app sign in again.
export type AccessTokenGetter = () => Promise<string | null>;

// Set by src/app from the sign-in layer: lib may not import features.
let accessTokenGetter: AccessTokenGetter | null = null;

export function setAccessTokenGetter(getter: AccessTokenGetter | null): void {
  accessTokenGetter = getter;
}

export type RequestOptions = RequestInit & {
  // Aborts the request after this many milliseconds (some calls ask for it,
  // docs/domain/api-calls.md#account-and-flow).
  timeoutMs?: number;
};

// Only our own API gets the token; /config.json and /healthz are public and other hosts must never see it.
function wantsToken(url: string): boolean {
  return url.startsWith('/api/');
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // Non-JSON error bodies (proxies, HTML error pages) carry nothing worth showing.
    return undefined;
  }
}

// Told of every 401 with an account `reason`, whichever call met it: an account deactivated (or
// erased) while its owner is signed in is refused on the next call, and the app must show that
// call's account-problem screen wherever it happens, not only from the account check (set by src/app).
export type AuthProblemListener = (problem: TAuthProblem) => void;
let authProblemListener: AuthProblemListener | null = null;

export function setAuthProblemListener(listener: AuthProblemListener | null): void {
  authProblemListener = listener;
}

// The error for a failed answer's status and parsed body; exported for calls made without fetch
// (an upload that reports its progress), so they are read the same way.
export function toError(status: number, body: unknown): HttpError {
  if (status === 401) {
    const problem = ZAuthProblem.safeParse(body);
    if (problem.success) {
      authProblemListener?.(problem.data);
      return new AuthProblemError(problem.data);
    }
  }
  const detail =
    body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : undefined;
  return new HttpError(status, detail, body);
}

// The bearer token for a call to `url`, or null (not our API, or no token to be had).
export async function accessTokenFor(url: string): Promise<string | null> {
  return accessTokenGetter && wantsToken(url) ? accessTokenGetter() : null;
}

export async function request(url: string, { timeoutMs, ...init }: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  new Headers(init.headers).forEach((value, name) => headers.set(name, value));
  if (accessTokenGetter && wantsToken(url) && !headers.has('Authorization')) {
    const token = await accessTokenGetter();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  const signals = [init.signal, timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)].filter(
    (signal): signal is AbortSignal => !!signal,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const response = await fetch(url, { ...init, headers, ...(signal ? { signal } : {}) });
  if (!response.ok) throw toError(response.status, await readBody(response));
  return response;
}

export async function getJson<T>(url: string, schema: z.ZodType<T>, init?: RequestOptions): Promise<T> {
  const response = await request(url, init);
  return schema.parse(await response.json());
}

export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; schema: z.ZodType<T> } & Omit<RequestOptions, 'body' | 'method'>,
): Promise<T> {
  const { body, schema, ...init } = options;
  const headers = new Headers(init.headers);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await request(url, {
    ...init,
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // 204 and empty bodies parse as undefined, so a schema like z.undefined() can accept them.
  const text = await response.text();
  return schema.parse(text ? JSON.parse(text) : undefined);
}
