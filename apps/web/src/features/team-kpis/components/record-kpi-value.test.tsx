import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { toDayKey } from '../../../lib/dates.ts';
import { createDepartment, createGoal, createKpi, createProgramme } from '../testing/factories.ts';
import { goalGroup, loaded, PATH } from '../testing/page-helpers.ts';
import { BASE, stubKpiApi, writeCalls } from '../testing/stub-kpi-api.ts';

const grow = createGoal({ title: 'Grow revenue', sequence_order: 0 });
const kpiValues = () => within(screen.getByRole('region', { name: 'KPI values' }));

describe('KPI values on the KPI setup page', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('records a value of each stored KPI, also once the programme has started', async () => {
    const engineering = createDepartment({ organizational_goal_ids: [grow.id] });
    const kpi = createKpi(engineering, grow, { title: 'Deploys a week' });
    const fetchMock = stubKpiApi({
      programme: createProgramme({ starts_at: '2026-01-05T00:00:00.000Z' }),
      goals: [grow],
      departments: [engineering],
      kpis: [kpi],
    });
    renderRoute(PATH);
    await loaded();
    // The departments and KPIs are read-only after the start; measuring is not.
    expect(goalGroup(1, 'Grow revenue').getByLabelText('KPI 1 title')).toBeDisabled();
    expect(kpiValues().getByText('Goal: Grow revenue')).toBeVisible();

    const record = kpiValues().getByRole('button', { name: 'Record a value for Deploys a week' });
    expect(record).toBeEnabled();
    await userEvent.click(record);
    const dialog = await screen.findByRole('dialog', { name: 'Record a value: Deploys a week' });
    expect(within(dialog).getByLabelText(/Measured on/)).toHaveValue(toDayKey());
    await userEvent.type(within(dialog).getByLabelText(/Value/), '12.5');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'First month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save value' }));

    expect(await screen.findByText('Value recorded for Deploys a week.')).toBeVisible();
    expect(writeCalls(fetchMock)).toEqual([
      {
        method: 'POST',
        url: `${BASE}/department-kpis/${kpi.id}/measurements`,
        body: { value: 12.5, measured_on: toDayKey(), note: 'First month' },
      },
    ]);
  });

  it('refuses a date before 1900 before sending anything', async () => {
    const engineering = createDepartment({ organizational_goal_ids: [grow.id] });
    const kpi = createKpi(engineering, grow, { title: 'Deploys a week' });
    const fetchMock = stubKpiApi({ goals: [grow], departments: [engineering], kpis: [kpi] });
    renderRoute(PATH);
    await loaded();
    await userEvent.click(kpiValues().getByRole('button', { name: 'Record a value for Deploys a week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a value: Deploys a week' });
    const date = within(dialog).getByLabelText(/Measured on/);
    expect(date).toHaveAttribute('min', '1900-01-01');
    await userEvent.clear(date);
    await userEvent.type(date, '1899-12-31');
    await userEvent.type(within(dialog).getByLabelText(/Value/), '3');
    expect(within(dialog).getByText('The date must be 1 January 1900 or later.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save value' })).toBeDisabled();
    expect(writeCalls(fetchMock)).toEqual([]);
  });

  it('offers nothing to record for a KPI added in the form and not yet saved', async () => {
    const engineering = createDepartment({ organizational_goal_ids: [grow.id] });
    const kpi = createKpi(engineering, grow, { title: 'Deploys a week' });
    stubKpiApi({ goals: [grow], departments: [engineering], kpis: [kpi] });
    renderRoute(PATH);
    await loaded();
    await userEvent.click(goalGroup(1, 'Grow revenue').getByRole('button', { name: 'Add KPI to Grow revenue' }));
    expect(screen.getAllByRole('button', { name: /^Record a value for/ })).toHaveLength(1);
  });

  it('sets the unit, baseline and target, starting from the stored ones', async () => {
    const engineering = createDepartment({ organizational_goal_ids: [grow.id] });
    const kpi = createKpi(engineering, grow, { title: 'Deploys a week' });
    const fetchMock = stubKpiApi({
      programme: createProgramme({ starts_at: '2026-01-05T00:00:00.000Z' }),
      goals: [grow],
      departments: [engineering],
      kpis: [kpi],
      reads: {
        [`${BASE}/department-kpis/${kpi.id}/measurements`]: () =>
          Response.json({ kpi_id: kpi.id, unit: 'deploys', baseline: 4, target: null, measurements: [] }),
      },
      write: ({ body }) => Response.json({ kpi_id: kpi.id, measurements: [], ...body }),
    });
    renderRoute(PATH);
    await loaded();

    await userEvent.click(kpiValues().getByRole('button', { name: 'Set baseline and target for Deploys a week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baseline and target: Deploys a week' });
    expect(await within(dialog).findByLabelText(/^Unit/)).toHaveValue('deploys');
    expect(within(dialog).getByLabelText(/^Baseline/)).toHaveValue('4');
    expect(within(dialog).getByLabelText(/^Target/)).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText(/^Target/), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save baseline and target' }));

    expect(await screen.findByText('Baseline and target saved for Deploys a week.')).toBeVisible();
    expect(writeCalls(fetchMock)).toEqual([
      {
        method: 'PUT',
        url: `${BASE}/department-kpis/${kpi.id}/target`,
        body: { unit: 'deploys', baseline: 4, target: 10 },
      },
    ]);
  });
});
