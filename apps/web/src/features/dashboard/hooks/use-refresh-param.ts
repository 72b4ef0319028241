import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useReloadDashboard } from './use-reload-dashboard.ts';

const REFRESH_PARAMS = ['refresh', 'refreshUserFlow'] as const;

// `?refresh` / `?refreshUserFlow` (set by screens that just changed something) reload the data,
// then leave the URL (docs/domain/dashboard-and-flow.md#what-the-dashboard-route-shows). `replace`
// keeps the parameter out of history, so Back or a page reload does not trigger it again.
export function useRefreshParam() {
  const [params, setParams] = useSearchParams();
  const reload = useReloadDashboard();
  const wantsRefresh = REFRESH_PARAMS.some((name) => params.has(name));

  useEffect(() => {
    if (!wantsRefresh) return;
    void reload();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        REFRESH_PARAMS.forEach((name) => next.delete(name));
        return next;
      },
      { replace: true },
    );
  }, [wantsRefresh, reload, setParams]);
}
