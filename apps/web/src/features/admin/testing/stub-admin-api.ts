import { vi } from 'vitest';
import { createMe } from '../../../test/stub-api.ts';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { createWebConfig } from '../../../test/web-config.ts';
import { ENGINEERING, SALES } from './factories.ts';

export type TRecordedCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (call: TRecordedCall) => Response | Promise<Response>;

// jsdom has no ResizeObserver; Mantine's tabs and scroll containers observe their size.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// The API at the HTTP boundary, by "METHOD /path" (no query): an administrator is signed in, and
// every call is recorded with its query and body so tests can check what was asked.
export function stubAdminApi(routes: Record<string, Handler> = {}, { isAdmin = true } = {}) {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  // jsdom has no scrollIntoView either; Mantine's select lists scroll their chosen option into view.
  // A no-op stands in (jsdom lays nothing out, so there is nothing to scroll).
  const prototype: Partial<Element> = Element.prototype;
  prototype.scrollIntoView ??= () => {};
  const calls: TRecordedCall[] = [];
  const all: Record<string, Handler> = {
    'GET /config.json': () => Response.json(createWebConfig()),
    'GET /api/v1/auth/me': () =>
      Response.json(createMe({ full_name: 'Eleanor Hughes', email: 'eleanor.hughes@acme.example', is_admin: isAdmin })),
    'GET /api/v1/programmes/current': () => Response.json({ detail: 'No programme' }, { status: 404 }),
    'GET /api/v1/admin/teams': () =>
      Response.json([
        { ...ENGINEERING, type: 'department' },
        { ...SALES, type: 'department' },
      ]),
    ...routes,
  };
  const fetchMock = stubFetch(async (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler = all[`${method} ${url.pathname}`];
    return handler
      ? handler(call)
      : Response.json({ detail: `no stub for ${method} ${url.pathname}` }, { status: 404 });
  });
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { fetchMock, calls, callsTo };
}

export const problem =
  (status: number, detail: string, extra: Record<string, unknown> = {}) =>
  () =>
    Response.json({ detail, ...extra }, { status });
