import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMe, stubApi } from '../../../test/stub-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createInsights, hidden, shown } from '../testing/factories.ts';
import { kpiLine } from '../utils/goal-line.ts';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const deploys = {
  id: 'c7c1e2d3-4b5f-4c6d-8e9f-0a1b2c3d4e5f',
  title: 'Deploys a week',
  unit: 'deploys',
  baseline: 4,
  target: 10,
  measurements: [
    { measured_on: '2026-03-12', value: 7 },
    { measured_on: '2026-03-05', value: 5 },
  ],
};

describe('kpiLine', () => {
  it('draws the measurements oldest first, the baseline and target as reference lines, all within the axis', () => {
    const line = kpiLine(deploys);
    expect(line.points).toEqual([
      { label: '2026-03-05', 'Deploys a week': 5 },
      { label: '2026-03-12', 'Deploys a week': 7 },
    ]);
    expect(line.references).toEqual([
      { y: 4, label: 'Baseline 4 deploys' },
      { y: 10, label: 'Target 10 deploys' },
    ]);
    expect(line.domain[0]).toBeLessThan(4);
    expect(line.domain[1]).toBeGreaterThan(10);
    expect(line.summary).toBe('Baseline 4 deploys, target 10 deploys, latest 7 deploys on 2026-03-12 (2 measurements)');
  });

  it('says what is missing', () => {
    const line = kpiLine({ ...deploys, unit: null, baseline: null, target: null, measurements: [] });
    expect(line.references).toEqual([]);
    expect(line.summary).toBe('No baseline, no target, no measurement yet');
  });
});

describe('Goal line of sight', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows each KPI beside the department's check-in rate, with the figures in its table", async () => {
    const insights = createInsights({
      goals: [
        {
          id: 'd7c1e2d3-4b5f-4c6d-8e9f-0a1b2c3d4e5f',
          title: 'Ship faster',
          departments: [
            {
              id: 'e7c1e2d3-4b5f-4c6d-8e9f-0a1b2c3d4e5f',
              name: 'Engineering',
              check_in_rate: [
                { week: '2026-03-02', rate: shown(62.5) },
                { week: '2026-03-09', rate: hidden },
              ],
              kpis: [deploys],
            },
          ],
        },
      ],
    });
    stubApi({
      '/api/v1/auth/me': () => Response.json(createMe({ role: 'team_leader' })),
      '/api/v1/insights?period=4w': () => Response.json(insights),
    });
    renderRoute('/team-leader/insights');

    expect(await screen.findByRole('heading', { level: 3, name: 'Goal: Ship faster' })).toBeVisible();
    const section = screen.getByRole('region', { name: 'Engineering: Ship faster' });
    expect(within(section).getByText("Check-in rate of the department's members")).toBeVisible();
    expect(within(section).getByText('KPI: Deploys a week (deploys)')).toBeVisible();
    expect(
      within(section).getByText(
        'Baseline 4 deploys, target 10 deploys, latest 7 deploys on 2026-03-12 (2 measurements)',
      ),
    ).toBeVisible();

    await userEvent.click(within(section).getByRole('button', { name: 'Show table: Engineering: Ship faster' }));
    const table = within(section).getByRole('table', { name: 'Engineering: Ship faster' });
    expect(
      within(table).getByRole('row', { name: 'Check-in rate of members Week of 2026-03-02 62.5 %' }),
    ).toBeVisible();
    expect(within(table).getByRole('row', { name: 'Deploys a week: baseline 4 deploys' })).toBeVisible();
    expect(within(table).getByRole('row', { name: 'Deploys a week: target 10 deploys' })).toBeVisible();
    expect(within(table).getByRole('row', { name: 'Deploys a week 2026-03-12 7 deploys' })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Download CSV: Engineering: Ship faster' })).toBeVisible();
  });
});
