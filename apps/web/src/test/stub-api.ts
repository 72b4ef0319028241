import type { TMeResponse } from '@habitrack/contracts/auth/get-me';
import { isSupportedLocale } from '@habitrack/contracts/common/locales';
import { i18n } from '../lib/i18n/i18n.ts';
import { stubFetch } from './stub-fetch.ts';
import { createWebConfig } from './web-config.ts';

type Responder = () => Response | Promise<Response>;

export function createMe(overrides: Partial<TMeResponse> = {}): TMeResponse {
  return {
    id: '0b8f5a52-4c1e-4d43-9b8a-3c2d1e0f9a11',
    email: 'priya.sharma@acme.example',
    full_name: 'Priya Sharma',
    job_title: null,
    role: 'member',
    is_admin: false,
    time_zone: 'Europe/London',
    has_accepted_terms: true,
    provider: 'auth0',
    organization: { id: '5d1c7e3a-2f4b-4a8c-9e6d-1b3f5a7c9e21', name: 'Acme Corp' },
    // The server resolves the language the test shows (British English unless it switched).
    locale: isSupportedLocale(i18n.locale) ? i18n.locale : 'en-GB',
    chosen_locale: null,
    ...overrides,
  };
}

// The server, mocked at the HTTP boundary by path: /config.json and /api/v1/auth/me answer by
// default so every screen behind sign-in renders; a test overrides or adds paths as it needs.
export function stubApi(routes: Record<string, Responder> = {}) {
  const all: Record<string, Responder> = {
    '/config.json': () => Response.json(createWebConfig()),
    '/api/v1/auth/me': () => Response.json(createMe()),
    ...routes,
  };
  return stubFetch(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const respond = all[url];
    return respond ? respond() : Response.json({ detail: `no stub for ${url}` }, { status: 404 });
  });
}
