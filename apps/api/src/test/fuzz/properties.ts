import { operationName } from './operations.ts';
import type { Operation } from './requests.ts';

type Range = readonly [min: number, max: number];
const GROW_ONE: Range = [0, 1];
const SHRINK: Range = [-Infinity, 0];
const GROW: Range = [0, Infinity];
const ANY: Range = [-Infinity, Infinity];
// The insights' prepared aggregates (migration 0013) follow every change to a member's activity.
const INSIGHTS = {
  insight_member_weeks: ANY,
  insight_group_weeks: ANY,
  insight_members: ANY,
  insight_dirty: ANY,
  // An organisation's first applied fact adds its version row (migration 0016).
  insight_versions: GROW,
} as const;

// Row-count changes an accepted request may make, per table. Reads may change nothing unless
// declared here; a new writing operation has to be declared here before it passes.
export const MAY_WRITE: Record<string, Record<string, Range>> = {
  'POST /api/v1/auth/accept-terms': {},
  // The insights read first applies the member-weeks written since the last read (migration 0013).
  'GET /api/v1/insights/': INSIGHTS,
  // member_activity: the member's first activity adds their version row (migration 0008).
  'POST /api/v1/auth/reset-user-data': {
    user_habits: SHRINK,
    habit_logs: SHRINK,
    habit_pauses: SHRINK,
    habit_celebrations: SHRINK,
    mood_entries: SHRINK,
    member_activity: GROW_ONE,
    ...INSIGHTS,
  },
  'POST /api/v1/habits/select': { ...INSIGHTS, user_habits: GROW_ONE, member_activity: GROW_ONE },
  'POST /api/v1/habits/{habitId}/log': { ...INSIGHTS, habit_logs: GROW_ONE, member_activity: GROW_ONE },
  // A pause raises the member's versions (migration 0010); so does its cancellation.
  'POST /api/v1/habits/{userHabitId}/pauses': { ...INSIGHTS, habit_pauses: GROW_ONE, member_activity: GROW_ONE },
  'DELETE /api/v1/habits/{userHabitId}/pauses/{id}': { ...INSIGHTS, habit_pauses: [-1, 0], member_activity: GROW_ONE },
  'POST /api/v1/habits/{userHabitId}/celebration': { habit_celebrations: GROW_ONE },
  'POST /api/v1/mood/': { ...INSIGHTS, mood_entries: GROW_ONE, member_activity: GROW_ONE },
  'POST /api/v1/mood/skip': { ...INSIGHTS, mood_entries: GROW_ONE, member_activity: GROW_ONE },
  // member_activity: the endorsed member's first activity may add their version row (migration 0012).
  'POST /api/v1/social/endorsements': { ...INSIGHTS, endorsements: GROW_ONE, member_activity: GROW_ONE },
  'PUT /api/v1/social/endorsements/received/seen': { endorsements_seen: GROW_ONE, member_activity: GROW_ONE },
  'PUT /api/v1/me/notification-preferences': { notification_preferences: GROW_ONE },
  // The caller's own users row changes; no row is added.
  'PUT /api/v1/me/locale': {},
  // Turns a setting off: changes a row, never the number of rows.
  'POST /api/v1/notifications/unsubscribe': {},
  'POST /api/v1/organizational/goals/': { organizational_goals: GROW_ONE, email_outbox: GROW, audit_log: GROW_ONE },
  'PUT /api/v1/organizational/goals/{id}': { email_outbox: GROW, audit_log: GROW_ONE },
  // A goal whose KPIs have measurements is refused: no measurement goes with it (decision 020).
  'DELETE /api/v1/organizational/goals/{id}': {
    organizational_goals: [-1, 0],
    department_goals: SHRINK,
    department_kpis: SHRINK,
    audit_log: GROW_ONE,
  },
  'POST /api/v1/organizational/departments/': { departments: GROW_ONE, department_goals: GROW, audit_log: GROW_ONE },
  'POST /api/v1/organizational/department-kpis/': {
    department_kpis: GROW_ONE,
    department_goals: GROW_ONE,
    audit_log: GROW_ONE,
  },
  'PUT /api/v1/organizational/department-kpis/{id}': { department_goals: GROW_ONE, audit_log: GROW_ONE },
  'PUT /api/v1/organizational/department-kpis/{id}/target': { audit_log: GROW_ONE },
  'POST /api/v1/organizational/department-kpis/{id}/measurements': { kpi_measurements: GROW_ONE, audit_log: GROW_ONE },
  'PUT /api/v1/organizational/department-kpis/{id}/measurements/{measurementId}': { audit_log: GROW_ONE },
  'DELETE /api/v1/organizational/department-kpis/{id}/measurements/{measurementId}': {
    kpi_measurements: [-1, 0],
    audit_log: GROW_ONE,
  },
  // The console's People (issue 21): every accepted write adds its one audit row. Joining or
  // leaving a cohort moves the insights' and standings' bookkeeping.
  // member_activity: joining or moving to a cohort adds the person's version row when they have
  // none yet (migration 0008).
  'POST /api/v1/admin/people/': {
    ...INSIGHTS,
    users: GROW_ONE,
    cohort_members: GROW_ONE,
    member_activity: GROW_ONE,
    cohort_standings_stripes: GROW,
    email_outbox: GROW_ONE,
    audit_log: GROW_ONE,
  },
  // A team leader given another role loses their team-manager links (migration 0019).
  'PATCH /api/v1/admin/people/{id}': {
    ...INSIGHTS,
    cohort_members: [-1, 1],
    team_managers: SHRINK,
    member_activity: GROW_ONE,
    cohort_standings_stripes: GROW,
    audit_log: GROW_ONE,
  },
  'POST /api/v1/admin/people/{id}/deactivate': { ...INSIGHTS, audit_log: GROW_ONE },
  'POST /api/v1/admin/people/{id}/reactivate': { ...INSIGHTS, audit_log: GROW_ONE },
  // Erasure unlinks identities and drops the mail to the old address; every counted row stays.
  'POST /api/v1/admin/people/{id}/erase': {
    ...INSIGHTS,
    identities: SHRINK,
    email_outbox: SHRINK,
    audit_log: GROW_ONE,
  },
  'POST /api/v1/admin/people/imports': {
    ...INSIGHTS,
    teams: GROW,
    users: GROW,
    // Links are added; a team leader the file gives another role loses theirs (migration 0019).
    team_managers: ANY,
    cohorts: GROW,
    cohort_members: GROW,
    cohort_standings_stripes: GROW,
    audit_log: GROW_ONE,
  },
  // The console's cohorts, content, settings and SCIM tokens (issue 21): every accepted write adds
  // its one audit row (none when it changes nothing). A new cohort adds its standings stripes;
  // moving people moves their standings and insights bookkeeping.
  'POST /api/v1/admin/cohorts/': { cohorts: GROW_ONE, cohort_standings_stripes: GROW, audit_log: GROW_ONE },
  'PATCH /api/v1/admin/cohorts/{id}': { ...INSIGHTS, audit_log: GROW_ONE },
  'POST /api/v1/admin/cohorts/{id}/members': {
    ...INSIGHTS,
    cohort_members: GROW,
    cohort_standings_stripes: GROW,
    member_activity: GROW,
    audit_log: GROW_ONE,
  },
  'PATCH /api/v1/admin/programmes/{id}': { audit_log: GROW_ONE },
  // A dry run keeps nothing; an applied file adds (and may drop modules) in its programme.
  'POST /api/v1/admin/programmes/imports': {
    programmes: GROW_ONE,
    modules: ANY,
    behaviours: GROW,
    habits: GROW,
    positive_changes: GROW,
    audit_log: GROW_ONE,
  },
  'PATCH /api/v1/admin/modules/{id}': { audit_log: GROW_ONE },
  'PATCH /api/v1/admin/behaviours/{id}': { audit_log: GROW_ONE },
  'POST /api/v1/admin/behaviours/{id}/habits': { habits: GROW_ONE, audit_log: GROW_ONE },
  'PATCH /api/v1/admin/habits/{id}': { audit_log: GROW_ONE },
  'POST /api/v1/admin/habits/{id}/retire': { audit_log: GROW_ONE },
  'POST /api/v1/admin/habits/{id}/restore': { audit_log: GROW_ONE },
  'PATCH /api/v1/admin/positive-changes/{id}': { audit_log: GROW_ONE },
  'PUT /api/v1/admin/settings/': { audit_log: GROW_ONE },
  'PUT /api/v1/admin/settings/retention': { audit_log: GROW_ONE },
  'PUT /api/v1/admin/settings/default-locale': { audit_log: GROW_ONE },
  'POST /api/v1/admin/scim-tokens/': { scim_tokens: GROW_ONE, audit_log: GROW_ONE },
  'POST /api/v1/admin/scim-tokens/{id}/revoke': { audit_log: GROW_ONE },
};

// What is wrong with one answer (nothing: an empty list). `oversized` is the size of a body over
// the limit, if one was sent; `changes` the row-count changes the request made.
export function problemsWith(
  operation: Operation,
  oversized: number | false,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  changes: Record<string, number>,
): string[] {
  const { statusCode: status, body } = response;
  const problems: string[] = [];
  if (operation.body && oversized && status < 400) problems.push(`accepted a ${oversized}-byte body with ${status}`);
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  const parsed = (() => {
    try {
      return isJson ? (JSON.parse(body) as unknown) : undefined;
    } catch {
      return undefined;
    }
  })();
  if (status >= 500) problems.push(`answered ${status}: ${body.slice(0, 300)}`);
  if (status < 200 || (status >= 300 && status < 400)) problems.push(`answered ${status}`);
  if (status >= 400) {
    const detail = (parsed as { detail?: unknown } | undefined)?.detail;
    if (typeof detail !== 'string' || detail.trim() === '') {
      problems.push(`refused with ${status} but without a JSON detail: ${body.slice(0, 300)}`);
    }
    if (Object.keys(changes).length > 0) problems.push(`refused with ${status} yet wrote ${JSON.stringify(changes)}`);
  }
  if (status >= 200 && status < 300) {
    // A zip (GET /api/v1/me/export?format=zip) and the audit log's CSV are the answers not in JSON.
    // The CSV's header row is in the caller's language: a byte-order mark, then at least two columns.
    const isZip = response.headers['content-type'] === 'application/zip' && body.startsWith('PK');
    const isCsv =
      String(response.headers['content-type']).startsWith('text/csv') &&
      /^\uFEFF[^\r\n,]+(,[^\r\n,]+)+\r?\n/.test(body);
    if (status !== 204 && parsed === undefined && !isZip && !isCsv) {
      problems.push(`answered ${status} without a JSON body`);
    }
    const allowed = MAY_WRITE[operationName(operation)] ?? (operation.method === 'GET' ? {} : undefined);
    if (!allowed) problems.push(`accepted, but MAY_WRITE does not say what ${operationName(operation)} may write`);
    for (const [table, delta] of Object.entries(changes)) {
      const range = allowed?.[table];
      if (!range || delta < range[0] || delta > range[1]) {
        problems.push(`answered ${status} and changed ${table} by ${delta}, which this operation may not`);
      }
    }
  }
  return problems;
}
