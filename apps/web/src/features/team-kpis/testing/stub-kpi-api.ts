import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { stubApi } from '../../../test/stub-api.ts';
import { createFlowStatus, createProgramme } from './factories.ts';

export type TWriteCall = { method: string; url: string; body: Record<string, unknown> };
// Answers one write; undefined = the default success answer.
type WriteResponder = (call: TWriteCall) => Response | Promise<Response> | undefined;
type Responder = () => Response | Promise<Response>;

export const BASE = '/api/v1/organizational';

type StubKpiOptions = {
  flow?: TUserFlowStatusResponse;
  programme?: TProgramme | null;
  goals?: TOrganizationalGoal[] | Responder;
  departments?: TDepartment[];
  kpis?: TDepartmentKpi[];
  write?: WriteResponder;
  // Further GET answers by URL (e.g. a KPI's measurements).
  reads?: Record<string, Responder>;
};

function defaultWrite({ method, url, body }: TWriteCall): Response {
  if (method === 'PUT') return Response.json({ id: url.split('/').pop(), ...body });
  if (url === `${BASE}/departments`) {
    const department = {
      id: crypto.randomUUID(),
      name: 'Team',
      description: body.description ?? null,
      team_id: body.selected_team_id,
      organizational_goal_ids: body.organizational_goal_ids,
    };
    return Response.json(department, { status: 201 });
  }
  return Response.json({ id: crypto.randomUUID(), ...body }, { status: 201 });
}

// The server as the KPI page sees it, mocked at the HTTP boundary; writes are told apart by method.
export function stubKpiApi({
  flow = createFlowStatus(),
  programme = createProgramme(),
  goals = [],
  departments = [],
  kpis = [],
  write,
  reads: extraReads = {},
}: StubKpiOptions = {}) {
  const reads: Record<string, Responder> = {
    ...extraReads,
    '/api/v1/auth/user-flow-status': () => Response.json(flow),
    '/api/v1/programmes/current': () =>
      programme ? Response.json(programme) : Response.json({ detail: 'No current programme' }, { status: 404 }),
  };
  if (programme) {
    reads[`${BASE}/goals/available?program_id=${programme.id}`] =
      typeof goals === 'function' ? goals : () => Response.json(goals);
    reads[`${BASE}/departments?program_id=${programme.id}`] = () => Response.json(departments);
  }
  for (const department of departments) {
    reads[`${BASE}/department-kpis?department_id=${department.id}`] = () =>
      Response.json(kpis.filter((kpi) => kpi.department_id === department.id));
  }
  const fetchMock = stubApi(reads);
  const others = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return others?.(input, init) ?? Response.error();
    const call = { method, url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> };
    return (await write?.(call)) ?? defaultWrite(call);
  });
  return fetchMock;
}

// The organizational writes made, in order.
export function writeCalls(fetchMock: ReturnType<typeof stubApi>): TWriteCall[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith(BASE) && (init?.method ?? 'GET') !== 'GET')
    .map(([url, init]) => ({ method: String(init?.method), url: String(url), body: JSON.parse(String(init?.body)) }));
}
