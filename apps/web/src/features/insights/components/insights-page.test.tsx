import { SUPPRESSED_TEXT } from '@habitrack/contracts/insights/get-insights';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMe, stubApi } from '../../../test/stub-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createInsights, shown } from '../testing/factories.ts';
import { toCsv } from '../utils/figures.ts';

const leaderMe = () => Response.json(createMe({ role: 'leader' }));

// jsdom has no ResizeObserver; the period switch and the charts' containers observe their size.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('Insights page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows each section with its table behind a toggle, and suppressed figures in words', async () => {
    stubApi({ '/api/v1/auth/me': leaderMe, '/api/v1/insights?period=4w': () => Response.json(createInsights()) });
    renderRoute('/leader/insights');

    expect(await screen.findByRole('heading', { level: 1, name: 'Programme insights' })).toBeVisible();
    const mood = await screen.findByRole('region', { name: 'Mood' });
    const toggle = within(mood).getByRole('button', { name: 'Show table: Mood' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(mood).getByRole('button', { name: 'Hide table: Mood' })).toHaveAttribute('aria-expanded', 'true');
    const table = within(mood).getByRole('table', { name: 'Mood' });
    expect(within(table).getByRole('row', { name: `Week of 2026-03-02 ${SUPPRESSED_TEXT}` })).toBeVisible();
    expect(within(table).getByRole('row', { name: 'Week of 2026-03-09 3.8' })).toBeVisible();
    // A breakdown is a table from the start; a suppressed department says why.
    const departments = screen.getByRole('region', { name: 'Departments' });
    expect(within(departments).getAllByText(SUPPRESSED_TEXT)).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/leader/insights');
  });

  it('asks again for the chosen period', async () => {
    const twelve = createInsights({ period: '12w', members: shown(30) });
    const fetchMock = stubApi({
      '/api/v1/auth/me': leaderMe,
      '/api/v1/insights?period=4w': () => Response.json(createInsights()),
      '/api/v1/insights?period=12w': () => Response.json(twelve),
    });
    renderRoute('/leader/insights');
    await screen.findByText(/Last 4 weeks: 2 weeks/);
    // The next visit opens on the first period: only its look is kept for that visit's first paint.
    const page = screen
      .getByRole('heading', { level: 1, name: 'Programme insights' })
      .closest('.mantine-Container-root')!;
    expect(page).not.toHaveAttribute('data-not-kept');
    await userEvent.click(screen.getByRole('radio', { name: 'Last 12 weeks' }));
    expect(await screen.findByText(/Last 12 weeks: 2 weeks, .*Members: 30\./)).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/insights?period=12w');
    expect(page).toHaveAttribute('data-not-kept');
    await userEvent.click(screen.getByRole('radio', { name: 'Last 4 weeks' }));
    expect(await screen.findByText(/Last 4 weeks: 2 weeks/)).toBeVisible();
    expect(page).not.toHaveAttribute('data-not-kept');
  });

  it('tells a member they cannot see insights', async () => {
    stubApi({
      '/api/v1/insights?period=4w': () =>
        Response.json({ detail: 'Only leaders and team leaders can see programme insights.' }, { status: 403 }),
    });
    renderRoute('/leader/insights');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only leaders and team leaders can see programme insights.',
    );
    expect(screen.queryByRole('link', { name: 'Insights' })).not.toBeInTheDocument();
  });

  it('writes CSV with quoting, the suppression sentence included', () => {
    expect(
      toCsv({
        columns: ['Week', 'Average'],
        rows: [
          ['Week of 2026-03-02', SUPPRESSED_TEXT],
          ['Team, "A"', 3.8],
        ],
      }),
    ).toBe(`Week,Average\r\nWeek of 2026-03-02,${SUPPRESSED_TEXT}\r\n"Team, ""A""",3.8\r\n`);
  });
});
