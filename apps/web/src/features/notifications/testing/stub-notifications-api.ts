import type { TNotificationPreferences } from '@habitrack/contracts/me/get-notification-preferences';
import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { createMe } from '../../../test/stub-api.ts';
import { createWebConfig } from '../../../test/web-config.ts';

export const PREFERENCES_URL = '/api/v1/me/notification-preferences';
export const unsubscribeUrl = (token: string) => `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

export function createPreferences(overrides: Partial<TNotificationPreferences> = {}): TNotificationPreferences {
  return {
    daily_reminder: { enabled: false, time: '08:00' },
    weekly_summary: { enabled: false },
    reminder_offer_dismissed: false,
    time_zone: 'Europe/London',
    ...overrides,
  };
}

// The least of a dashboard the offer can sit on (features do not share test factories).
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

export type Call = { method: string; url: string; body: unknown; authorization: string | null };
type Answer = (call: Call) => Response | Promise<Response>;

// The server at the HTTP boundary, by method and path (query included). The settings answer what
// was last saved, like the real server; `answers` overrides any call. Every call is recorded.
export function stubNotificationsApi(
  options: { preferences?: TNotificationPreferences; answers?: Record<string, Answer> } = {},
) {
  let saved = options.preferences ?? createPreferences();
  const calls: Call[] = [];
  const defaults: Record<string, Answer> = {
    'GET /config.json': () => Response.json(createWebConfig()),
    'GET /api/v1/auth/me': () => Response.json(createMe()),
    'GET /api/v1/dashboard/': () => Response.json(emptyDashboard()),
    'GET /api/v1/auth/user-flow-status': () =>
      Response.json({
        navigation_path: 'dashboard',
        has_accepted_terms: true,
        has_active_habits: true,
        needs_mood_entry: false,
        role: 'member',
        has_organizational_goals: true,
        manageable_teams: [],
      }),
    [`GET ${PREFERENCES_URL}`]: () => Response.json(saved),
    [`PUT ${PREFERENCES_URL}`]: (call) => {
      const body = call.body as {
        daily_reminder: TNotificationPreferences['daily_reminder'];
        weekly_summary: TNotificationPreferences['weekly_summary'];
        reminder_offer_dismissed?: boolean;
      };
      saved = {
        ...saved,
        daily_reminder: body.daily_reminder,
        weekly_summary: body.weekly_summary,
        reminder_offer_dismissed: body.reminder_offer_dismissed ?? saved.reminder_offer_dismissed,
      };
      return Response.json(saved);
    },
  };
  const answers = { ...defaults, ...options.answers };
  const fetchMock = stubFetch(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const call: Call = {
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const answer = answers[`${method} ${url}`];
    return answer ? answer(call) : Response.json({ detail: `no stub for ${method} ${url}` }, { status: 404 });
  });
  return { fetchMock, calls, saved: () => saved };
}
