import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { stubApi } from '../../../test/stub-api.ts';
import { createProgramme } from './factories.ts';

export type TWriteCall = { method: string; url: string; body: unknown };
// Answers one write; undefined = the default success answer.
type WriteResponder = (call: TWriteCall) => Response | Promise<Response> | undefined;

const ORGANIZATIONAL = '/api/v1/organizational/';

type StubGoalsOptions = {
  programme?: TProgramme | null;
  goals?: TOrganizationalGoal[] | (() => Response | Promise<Response>);
  write?: WriteResponder;
};

function defaultWrite({ method, url, body }: TWriteCall): Response {
  if (method === 'DELETE') return new Response(null, { status: 204 });
  const id = method === 'PUT' ? decodeURIComponent(url.split('/').pop() ?? '') : crypto.randomUUID();
  return Response.json({ id, ...(body as object) }, { status: method === 'POST' ? 201 : 200 });
}

// The server as the goals page sees it, mocked at the HTTP boundary. Organizational calls are
// told apart by method, since GET and POST share the /goals?program_id= address.
export function stubGoalsApi({ programme = createProgramme(), goals = [], write }: StubGoalsOptions = {}) {
  const fetchMock = stubApi({
    '/api/v1/programmes/current': () =>
      programme ? Response.json(programme) : Response.json({ detail: 'No current programme' }, { status: 404 }),
  });
  const others = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (!url.startsWith(ORGANIZATIONAL)) return others?.(input, init) ?? Response.error();
    if (method === 'GET') return typeof goals === 'function' ? goals() : Response.json(goals);
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    return (await write?.(call)) ?? defaultWrite(call);
  });
  return fetchMock;
}

// The organizational writes made, in order, as { method, url, body }.
export function writeCalls(fetchMock: ReturnType<typeof stubApi>): TWriteCall[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith(ORGANIZATIONAL) && (init?.method ?? 'GET') !== 'GET')
    .map(([url, init]) => ({
      method: String(init?.method),
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
}
