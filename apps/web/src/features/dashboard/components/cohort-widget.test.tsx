import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createDashboard } from '../testing/factories.ts';
import { stubDashboardApi } from '../testing/stub-dashboard-api.ts';

const PATH = '/programme/dashboard';
const cohortWidget = async () => within(await screen.findByRole('region', { name: 'Your Cohort' }));

describe('the dashboard: who cheered me on', () => {
  it('says how many endorsements arrived since the last visit and links to who sent them', async () => {
    stubDashboardApi({
      dashboard: createDashboard({ endorsements_widget: { total_received: 12, new_since_last_visit: 3 } }),
    });
    renderRoute(PATH);
    const widget = await cohortWidget();
    expect(widget.getByText(/^Endorsements received: 12/)).toHaveTextContent(
      'Endorsements received: 12 · 3 new ones since your last visit',
    );
    expect(widget.getByRole('link', { name: 'See who cheered you on' })).toHaveAttribute(
      'href',
      '/programme/endorsements',
    );
  });

  it('says nothing is new when nothing arrived since', async () => {
    stubDashboardApi({
      dashboard: createDashboard({ endorsements_widget: { total_received: 1, new_since_last_visit: 0 } }),
    });
    renderRoute(PATH);
    const widget = await cohortWidget();
    expect(widget.getByText(/^Endorsements received/)).toHaveTextContent(/^Endorsements received: 1$/);
    expect(widget.getByRole('link', { name: 'See who cheered you on' })).toBeVisible();
  });
});
