import { createMe } from '../../../test/stub-api.ts';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { createWebConfig } from '../../../test/web-config.ts';

type Responder = (init?: RequestInit) => Response | Promise<Response>;

// The server mocked at the HTTP boundary by method and path ("POST /api/v1/..."); a plain path
// answers every method. Sign-in's own calls answer by default; anything else is a 404.
export function stubJourneyApi(routes: Record<string, Responder>) {
  const all: Record<string, Responder> = {
    '/config.json': () => Response.json(createWebConfig()),
    '/api/v1/auth/me': () => Response.json(createMe()),
    ...routes,
  };
  return stubFetch(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const respond = all[`${init?.method ?? 'GET'} ${url}`] ?? all[url];
    return respond ? respond(init) : Response.json({ detail: `no stub for ${url}` }, { status: 404 });
  });
}

// The JSON bodies sent with `method` to `url`, in order.
export function bodiesSent(fetchMock: ReturnType<typeof stubFetch>, method: string, url: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => input === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}
