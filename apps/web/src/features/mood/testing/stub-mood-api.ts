import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { stubApi } from '../../../test/stub-api.ts';

type Responder = () => Response | Promise<Response>;

export const RECORD_URL = '/api/v1/mood/';
export const SKIP_URL = '/api/v1/mood/skip';
export const DASHBOARD_URL = '/api/v1/dashboard/';
export const FLOW_STATUS_URL = '/api/v1/auth/user-flow-status';

// The prompt lives on the dashboard; this is the least of one it can sit on (features do not share
// test factories, so the dashboard's own are not used here).
function emptyDashboard(): TDashboardResponse {
  return {
    user_name: 'Priya Sharma',
    programme_name: null,
    first_module_name: null,
    active_habits: [],
    can_add_more_habits: true,
    team_widget: null,
    mood_widget: {
      current_week: { dates: [], entries: {} },
      weekly_stats: { entries_count: 0, average_mood: null, completion_rate: 0 },
      benefit_message: null,
    },
    positive_changes_widget: { total_logged: 0, changes: [] },
    endorsements_widget: { total_received: 0, new_since_last_visit: 0 },
  };
}

export function createFlowStatus(overrides: Partial<TUserFlowStatusResponse> = {}): TUserFlowStatusResponse {
  return {
    navigation_path: 'dashboard',
    has_accepted_terms: true,
    has_active_habits: true,
    needs_mood_entry: true,
    role: 'member',
    has_organizational_goals: true,
    manageable_teams: [],
    ...overrides,
  };
}

function moodEntry(moodValue: number | null) {
  return Response.json(
    { entry_date: '2025-10-19', mood_value: moodValue, skipped: moodValue === null },
    { status: 201 },
  );
}

// After a save the server no longer asks for a mood, like the real one.
export function stubMoodApi(options: { flow?: TUserFlowStatusResponse; record?: Responder; skip?: Responder } = {}) {
  let saved = false;
  const flow = options.flow ?? createFlowStatus();
  const afterSave = (respond: Responder) => async () => {
    const response = await respond();
    if (response.ok) saved = true;
    return response;
  };
  return stubApi({
    [DASHBOARD_URL]: () => Response.json(emptyDashboard()),
    [FLOW_STATUS_URL]: () => Response.json(saved ? { ...flow, needs_mood_entry: false } : flow),
    [RECORD_URL]: afterSave(options.record ?? (() => moodEntry(4))),
    [SKIP_URL]: afterSave(options.skip ?? (() => moodEntry(null))),
  });
}

export function callsTo(fetchMock: ReturnType<typeof stubApi>, url: string) {
  return fetchMock.mock.calls.filter(([input]) => input === url);
}
