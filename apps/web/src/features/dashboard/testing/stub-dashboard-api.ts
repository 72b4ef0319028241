import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { stubApi } from '../../../test/stub-api.ts';
import { createDashboard, createFlowStatus } from './factories.ts';

type Responder = () => Response | Promise<Response>;

export const DASHBOARD_URL = '/api/v1/dashboard/';
export const FLOW_STATUS_URL = '/api/v1/auth/user-flow-status';

type StubDashboardOptions = {
  dashboard?: TDashboardResponse | Responder;
  flow?: TUserFlowStatusResponse | Responder;
  extra?: Record<string, Responder>;
};

function responder(value: object | Responder): Responder {
  return typeof value === 'function' ? (value as Responder) : () => Response.json(value);
}

// The server as the dashboard sees it, mocked at the HTTP boundary.
export function stubDashboardApi({
  dashboard = createDashboard(),
  flow = createFlowStatus(),
  extra = {},
}: StubDashboardOptions = {}) {
  return stubApi({ [DASHBOARD_URL]: responder(dashboard), [FLOW_STATUS_URL]: responder(flow), ...extra });
}

export function callsTo(fetchMock: ReturnType<typeof stubApi>, url: string) {
  return fetchMock.mock.calls.filter(([input]) => input === url);
}
