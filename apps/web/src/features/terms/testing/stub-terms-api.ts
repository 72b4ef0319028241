import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { stubApi } from '../../../test/stub-api.ts';
import { ACCEPT_TERMS_URL } from '../api/accept-terms.ts';

type Responder = () => Response | Promise<Response>;

const FLOW_STATUS_URL = '/api/v1/auth/user-flow-status';

// A new member: terms not accepted, no habits. Built here, not taken from features/flow, because
// features do not import each other (test helpers included).
function newMemberFlow(overrides: Partial<TUserFlowStatusResponse> = {}): TUserFlowStatusResponse {
  return {
    navigation_path: 'terms',
    has_accepted_terms: false,
    has_active_habits: false,
    needs_mood_entry: true,
    role: 'member',
    has_organizational_goals: true,
    manageable_teams: [],
    ...overrides,
  };
}

// The server before and after acceptance: the flow status says terms until accept-terms succeeds.
export function stubTermsApi({ accept }: { accept?: Responder } = {}) {
  let accepted = false;
  const fetchMock = stubApi({
    [FLOW_STATUS_URL]: () =>
      Response.json(
        accepted ? newMemberFlow({ navigation_path: 'onboarding', has_accepted_terms: true }) : newMemberFlow(),
      ),
    [ACCEPT_TERMS_URL]: async () => {
      const response = await (
        accept ?? (() => Response.json({ has_accepted_terms: true, accepted_at: new Date().toISOString() }))
      )();
      accepted = response.ok;
      return response;
    },
  });
  return {
    fetchMock,
    acceptCalls: () =>
      fetchMock.mock.calls
        .filter(([url]) => url === ACCEPT_TERMS_URL)
        .map(([, init]) => [init?.method, JSON.parse(String(init?.body))]),
    flowCalls: () => fetchMock.mock.calls.filter(([url]) => url === FLOW_STATUS_URL).length,
  };
}
