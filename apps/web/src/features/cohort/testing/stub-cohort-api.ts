import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { stubApi } from '../../../test/stub-api.ts';

type Responder = () => Response | Promise<Response>;

export const MEMBERS_URL = '/api/v1/social/cohort/members';
export const ENDORSE_URL = '/api/v1/social/endorsements';
export const DASHBOARD_URL = '/api/v1/dashboard/';

type StubCohortOptions = {
  members?: TCohortMember[] | Responder;
  endorse?: Responder;
  extra?: Record<string, Responder>;
};

// The server as the leaderboard sees it, mocked at the HTTP boundary. The dashboard (the cohort's
// name) is left unstubbed unless a test adds it: the page must cope without it.
export function stubCohortApi({ members = [], endorse, extra = {} }: StubCohortOptions = {}) {
  return stubApi({
    [MEMBERS_URL]: typeof members === 'function' ? members : () => Response.json(members),
    ...(endorse ? { [ENDORSE_URL]: endorse } : {}),
    ...extra,
  });
}

export function callsTo(fetchMock: ReturnType<typeof stubApi>, url: string) {
  return fetchMock.mock.calls.filter(([input]) => input === url);
}

// The POST /social/endorsements bodies sent, in order.
export function endorseBodies(fetchMock: ReturnType<typeof stubApi>) {
  return callsTo(fetchMock, ENDORSE_URL).map(([, init]) => [init?.method, JSON.parse(String(init?.body))]);
}
