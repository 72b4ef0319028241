import { operationName } from './operations.ts';
import type { Operation } from './requests.ts';

type Range = readonly [min: number, max: number];
const GROW_ONE: Range = [0, 1];
const SHRINK: Range = [-Infinity, 0];
const GROW: Range = [0, Infinity];

// Row-count changes an accepted request may make, per table. Reads may change nothing; a new
// writing operation has to be declared here before it passes.
export const MAY_WRITE: Record<string, Record<string, Range>> = {
  'POST /api/v1/auth/accept-terms': {},
  // member_activity: the member's first activity adds their version row (migration 0008).
  'POST /api/v1/auth/reset-user-data': {
    user_habits: SHRINK,
    habit_logs: SHRINK,
    mood_entries: SHRINK,
    member_activity: GROW_ONE,
  },
  'POST /api/v1/habits/select': { user_habits: GROW_ONE, member_activity: GROW_ONE },
  'POST /api/v1/habits/{habitId}/log': { habit_logs: GROW_ONE, member_activity: GROW_ONE },
  'POST /api/v1/mood/': { mood_entries: GROW_ONE, member_activity: GROW_ONE },
  'POST /api/v1/mood/skip': { mood_entries: GROW_ONE, member_activity: GROW_ONE },
  'POST /api/v1/social/endorsements': { endorsements: GROW_ONE },
  'POST /api/v1/organizational/goals/': { organizational_goals: GROW_ONE, email_outbox: GROW },
  'PUT /api/v1/organizational/goals/{id}': { email_outbox: GROW },
  'DELETE /api/v1/organizational/goals/{id}': {
    organizational_goals: [-1, 0],
    department_goals: SHRINK,
    department_kpis: SHRINK,
  },
  'POST /api/v1/organizational/departments/': { departments: GROW_ONE, department_goals: GROW },
  'POST /api/v1/organizational/department-kpis/': { department_kpis: GROW_ONE, department_goals: GROW_ONE },
  'PUT /api/v1/organizational/department-kpis/{id}': { department_goals: GROW_ONE },
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
    if (status !== 204 && parsed === undefined) problems.push(`answered ${status} without a JSON body`);
    const allowed = operation.method === 'GET' ? {} : MAY_WRITE[operationName(operation)];
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
