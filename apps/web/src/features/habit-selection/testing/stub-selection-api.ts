import type { TUserHabit } from '@habitrack/contracts/habits/list-my-active-habits';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import type { TBehaviour, THabit } from '@habitrack/contracts/programmes/list-behaviours';
import { stubApi } from '../../../test/stub-api.ts';
import { createHabit, createProgramme, createUserHabit } from './factories.ts';

type Responder = () => Response | Promise<Response>;

type StubSelectionOptions = {
  // null = the member has no current programme (404).
  programme?: TProgramme | null;
  behaviours?: TBehaviour[];
  allHabits?: THabit[];
  active?: THabit[];
  select?: Responder;
  extra?: Record<string, Responder>;
};

export const SELECT_URL = '/api/v1/habits/select';

// The server as this page sees it, mocked at the HTTP boundary.
export function stubSelectionApi({
  programme = createProgramme(),
  behaviours = [],
  allHabits = [],
  active = [],
  select,
  extra = {},
}: StubSelectionOptions = {}) {
  const activeResponse: TUserHabit[] = active.map((habit) => createUserHabit(habit));
  return stubApi({
    '/api/v1/programmes/current': () =>
      programme ? Response.json(programme) : Response.json({ detail: 'No current programme' }, { status: 404 }),
    ...(programme ? { [`/api/v1/programmes/${programme.id}/behaviours`]: () => Response.json(behaviours) } : {}),
    '/api/v1/habits/': () => Response.json(allHabits),
    '/api/v1/habits/my-active': () => Response.json(activeResponse),
    [SELECT_URL]: select ?? (() => Response.json(createUserHabit(createHabit()), { status: 201 })),
    ...extra,
  });
}

// The POST /habits/select calls made, as [method, body] pairs, in order.
export function selectCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === SELECT_URL)
    .map(([, init]) => [init?.method, JSON.parse(String(init?.body))]);
}
