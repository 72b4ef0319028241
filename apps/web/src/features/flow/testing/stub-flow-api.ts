import { stubApi } from '../../../test/stub-api.ts';
import { createFlowStatus } from './factories.ts';

type Responder = () => Response | Promise<Response>;
// Gets the request's init, so a test can follow its abort signal.
type FlowResponder = (init?: RequestInit) => Response | Promise<Response>;

export const FLOW_STATUS_URL = '/api/v1/auth/user-flow-status';

// The server as the root route sees it, mocked at the HTTP boundary.
export function stubFlowApi({
  flow = () => Response.json(createFlowStatus()),
  extra = {},
}: { flow?: FlowResponder; extra?: Record<string, Responder> } = {}) {
  const fetchMock = stubApi(extra);
  const others = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) =>
    input === FLOW_STATUS_URL ? flow(init) : (others?.(input, init) ?? Response.error()),
  );
  return fetchMock;
}

// A server that never answers; only the request's abort signal ends the wait, as with real fetch.
export function answerOnlyAbort(init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    const signal = init?.signal;
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

// A server that never answers and a request that is never aborted (a hang before the request).
export function neverAnswer(): Promise<Response> {
  return new Promise(() => {});
}

export function flowStatusCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.filter(([url]) => url === FLOW_STATUS_URL);
}
