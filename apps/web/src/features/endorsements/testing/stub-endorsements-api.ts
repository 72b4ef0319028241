import type {
  TListEndorsementsReceivedResponse,
  TReceivedEndorsement,
} from '@habitrack/contracts/social/list-endorsements-received';
import { stubApi } from '../../../test/stub-api.ts';

type Responder = () => Response | Promise<Response>;

export const PATH = '/programme/endorsements';
export const FIRST_PAGE_URL = '/api/v1/social/endorsements/received?page_size=20';
export const SEEN_URL = '/api/v1/social/endorsements/received/seen';
export const pageUrl = (cursor: string) => `${FIRST_PAGE_URL}&cursor=${encodeURIComponent(cursor)}`;

export function createReceived(overrides: Partial<TReceivedEndorsement> = {}): TReceivedEndorsement {
  return {
    id: crypto.randomUUID(),
    endorser: { id: crypto.randomUUID(), full_name: 'Ada Lovelace' },
    message: 'Great job staying consistent with your habits! Keep up the excellent work.',
    endorsed_on: '2026-11-20',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function createPage(
  overrides: Partial<TListEndorsementsReceivedResponse> = {},
): TListEndorsementsReceivedResponse {
  const items = overrides.items ?? [];
  return {
    items,
    next_cursor: null,
    total: items.length,
    seen_at: null,
    new_since_last_visit: items.length,
    ...overrides,
  };
}

// The server as this page sees it: pages by URL, and the "seen" marker.
export function stubEndorsementsApi(
  pages: Record<string, TListEndorsementsReceivedResponse | Responder>,
  seen?: Responder,
) {
  const routes: Record<string, Responder> = {
    [SEEN_URL]: seen ?? (() => Response.json({ seen_at: '2026-11-20T10:00:00.000Z', new_since_last_visit: 0 })),
  };
  for (const [url, page] of Object.entries(pages)) {
    routes[url] = typeof page === 'function' ? page : () => Response.json(page);
  }
  return stubApi(routes);
}

export function callsTo(fetchMock: ReturnType<typeof stubApi>, url: string) {
  return fetchMock.mock.calls.filter(([input]) => input === url);
}
