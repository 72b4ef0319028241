// The screen module (in ./routes) each address opens, as router.tsx's lazy routes import them. The
// build reads this list (vite.config.ts) so a page's first download includes its screen's chunks;
// router.test.tsx checks that every address here is a lazy route importing that module.
export const SCREEN_PATHS: ReadonlyArray<readonly [path: string, module: string]> = [
  ['/', 'home.tsx'],
  ['/programme/intro', 'programme-intro.tsx'],
  ['/programme/behaviour-habit-selection', 'behaviour-habit-selection.tsx'],
  ['/programme/dashboard', 'dashboard.tsx'],
  ['/programme/cohort', 'cohort.tsx'],
  ['/programme/endorsements', 'endorsements.tsx'],
  ['/programme/habit-track/:habitId', 'habit-track.tsx'],
  ['/programme/habits/:userHabitId/history', 'habit-history.tsx'],
  ['/leader/goals-setup', 'leader-goals-setup.tsx'],
  ['/team-leader/kpi-setup', 'team-leader-kpi-setup.tsx'],
  ['/leader/insights', 'leader-insights.tsx'],
  ['/team-leader/insights', 'team-leader-insights.tsx'],
  ['/settings/notifications', 'settings-notifications.tsx'],
  ['/settings/data', 'settings-data.tsx'],
  ['/notifications/unsubscribe', 'unsubscribe.tsx'],
  ['/admin/:section', 'admin.tsx'],
];

// An address's pattern, as a regular expression's source: `:name` parts match any one segment.
export function addressPattern(address: string): string {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${address
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
    .join('/')}/?$`;
}

// The screens whose look the browser may keep for the next visit's first paint (lib/kept-screens.ts):
// the member's own, and the insights a leader or team leader reads (drawn from their kept answers,
// lib/persisted-queries.ts); not the goals and KPI forms or the administration (organisational
// forms and records), nor the start and unsubscribe pages (they only lead on, or answer a link).
const INSIGHTS_PATHS = ['/leader/insights', '/team-leader/insights'];
export const KEPT_SCREEN_PATHS = SCREEN_PATHS.filter(
  ([address]) =>
    (INSIGHTS_PATHS.includes(address) || !/^\/(leader|team-leader|admin)\//.test(address)) &&
    !['/', '/notifications/unsubscribe'].includes(address),
).map(([address]) => address);

export function isKeptScreenPath(pathname: string): boolean {
  return KEPT_SCREEN_PATHS.some((address) => new RegExp(addressPattern(address)).test(pathname));
}
