import type { TTodayLogResponse } from '@habitrack/contracts/habits/log-habit';
import { stubApi } from '../../../test/stub-api.ts';

type Responder = () => Response | Promise<Response>;

export const logUrl = (habitId: string) => `/api/v1/habits/${habitId}/log`;
export const todayUrl = (habitId: string) => `/api/v1/habits/${habitId}/log/today`;

function created(): Response {
  const id = crypto.randomUUID();
  return Response.json(
    {
      id,
      user_habit_id: id,
      habit_id: id,
      log_date: '2025-10-19',
      log_type: 'completed',
      note: null,
      positive_change_id: null,
    },
    { status: 201 },
  );
}

// The check-in server for one habit, mocked at the HTTP boundary. The dashboard the screen returns
// to is not stubbed: it is the dashboard feature's to test (it shows its error state here).
export function stubCheckInApi(options: { habitId: string; today?: TTodayLogResponse | Responder; log?: Responder }) {
  const { habitId, today, log = created } = options;
  return stubApi({
    ...(today ? { [todayUrl(habitId)]: typeof today === 'function' ? today : () => Response.json(today) } : {}),
    [logUrl(habitId)]: log,
  });
}

// The bodies of the POST .../log calls made, in order.
export function logBodies(fetchMock: ReturnType<typeof stubApi>, habitId: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === logUrl(habitId) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}
