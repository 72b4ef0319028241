import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createDepartment,
  createGoal,
  createKpi,
  createProgramme,
  CUSTOMER_SUCCESS,
  ENGINEERING,
} from '../testing/factories.ts';
import { addGoal, department, goalGroup, loaded, PATH, save, stubAlert } from '../testing/page-helpers.ts';
import { BASE, stubKpiApi, writeCalls } from '../testing/stub-kpi-api.ts';

const grow = createGoal({ title: 'Grow revenue', sequence_order: 0 });
const care = createGoal({ title: 'Care for people', sequence_order: 1 });

// Opened with ?refresh=1 (which the dashboard then drops as it reloads).
function expectAtDashboard({ router, visited }: Pick<ReturnType<typeof renderRoute>, 'router' | 'visited'>) {
  return waitFor(() => {
    expect(router.state.location.pathname).toBe('/programme/dashboard');
    expect(visited).toContain('/programme/dashboard?refresh=1');
  });
}

async function typeKpi(position: number, goalTitle: string, kpi: number, title: string, description?: string) {
  await userEvent.type(goalGroup(position, goalTitle).getByLabelText(`KPI ${kpi} title`), title);
  if (description) {
    await userEvent.type(
      goalGroup(position, goalTitle).getByLabelText(`KPI ${kpi} description (optional)`),
      description,
    );
  }
}

describe('saving departments and KPIs', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('posts a new department, then its KPIs under the id the server answered, then opens the dashboard', async () => {
    const programme = createProgramme();
    const departmentId = crypto.randomUUID();
    const fetchMock = stubKpiApi({
      programme,
      goals: [grow, care],
      write: ({ url, body }) =>
        url === `${BASE}/departments`
          ? Response.json(
              {
                id: departmentId,
                name: 'Engineering',
                description: body.description,
                team_id: ENGINEERING.id,
                organizational_goal_ids: body.organizational_goal_ids,
              },
              { status: 201 },
            )
          : undefined,
    });
    const view = renderRoute(PATH);
    await loaded();

    await userEvent.selectOptions(department(1).getByLabelText('Team'), 'Engineering');
    await userEvent.type(department(1).getByLabelText('Description (optional)'), ' Platform and apps ');
    await addGoal(1, 'Grow revenue');
    await typeKpi(1, 'Grow revenue', 1, ' Deploys a week ', 'Ten or more');
    await userEvent.click(goalGroup(1, 'Grow revenue').getByRole('button', { name: 'Add KPI to Grow revenue' }));
    await addGoal(1, 'Care for people');
    await typeKpi(1, 'Care for people', 1, 'eNPS');
    await save();

    await expectAtDashboard(view);
    expect(writeCalls(fetchMock)).toEqual([
      {
        method: 'POST',
        url: `${BASE}/departments`,
        body: {
          program_id: programme.id,
          description: 'Platform and apps',
          selected_team_id: ENGINEERING.id,
          organizational_goal_ids: [grow.id, care.id],
        },
      },
      {
        method: 'POST',
        url: `${BASE}/department-kpis`,
        body: {
          department_id: departmentId,
          organizational_goal_id: grow.id,
          title: 'Deploys a week',
          description: 'Ten or more',
        },
      },
      {
        method: 'POST',
        url: `${BASE}/department-kpis`,
        body: { department_id: departmentId, organizational_goal_id: care.id, title: 'eNPS', description: null },
      },
    ]);
  });

  it('keeps a stored department: puts its stored KPIs, posts new ones, a new goal included, and no department call', async () => {
    const engineering = createDepartment({ organizational_goal_ids: [grow.id] });
    const stored = createKpi(engineering, grow, { title: 'Deploys a week' });
    const fetchMock = stubKpiApi({ goals: [grow, care], departments: [engineering], kpis: [stored] });
    const view = renderRoute(PATH);
    await loaded();

    await userEvent.clear(goalGroup(1, 'Grow revenue').getByLabelText('KPI 1 title'));
    await typeKpi(1, 'Grow revenue', 1, 'Deploys a day');
    await addGoal(1, 'Care for people');
    await typeKpi(1, 'Care for people', 1, 'eNPS');
    await save();

    await expectAtDashboard(view);
    const fields = { department_id: engineering.id, description: null };
    expect(writeCalls(fetchMock)).toEqual([
      {
        method: 'PUT',
        url: `${BASE}/department-kpis/${stored.id}`,
        body: { ...fields, organizational_goal_id: grow.id, title: 'Deploys a day' },
      },
      {
        method: 'POST',
        url: `${BASE}/department-kpis`,
        body: { ...fields, organizational_goal_id: care.id, title: 'eNPS' },
      },
    ]);
  });

  it("alerts when saving fails, shows the server's reason and stays", async () => {
    const alert = stubAlert();
    const detail = 'Departments and KPIs can no longer be changed: the programme started on 2026-05-01.';
    stubKpiApi({ goals: [grow], write: () => Response.json({ detail }, { status: 409 }) });
    const { router } = renderRoute(PATH);
    await loaded();

    await userEvent.selectOptions(department(1).getByLabelText('Team'), 'Customer Success');
    await addGoal(1, 'Grow revenue');
    await typeKpi(1, 'Grow revenue', 1, 'CSAT');
    await save();

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error saving team KPIs. Please try again.'));
    expect(await screen.findByRole('alert', { name: 'The departments and KPIs were not saved' })).toHaveTextContent(
      detail,
    );
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('does not post a department twice when a save that failed half-way is repeated', async () => {
    stubAlert();
    const departmentId = crypto.randomUUID();
    const firstKpiId = crypto.randomUUID();
    let kpiPosts = 0;
    const fetchMock = stubKpiApi({
      goals: [grow],
      write: ({ url, body }) => {
        if (url === `${BASE}/departments`) {
          const department = {
            id: departmentId,
            name: 'Customer Success',
            description: null,
            team_id: CUSTOMER_SUCCESS.id,
            organizational_goal_ids: [],
          };
          return Response.json(department, { status: 201 });
        }
        kpiPosts += 1;
        if (kpiPosts === 2) return Response.json({ detail: 'Boom' }, { status: 500 });
        return Response.json({ id: kpiPosts === 1 ? firstKpiId : crypto.randomUUID(), ...body }, { status: 201 });
      },
    });
    const view = renderRoute(PATH);
    await loaded();

    await userEvent.selectOptions(department(1).getByLabelText('Team'), 'Customer Success');
    await addGoal(1, 'Grow revenue');
    await typeKpi(1, 'Grow revenue', 1, 'CSAT');
    await userEvent.click(goalGroup(1, 'Grow revenue').getByRole('button', { name: 'Add KPI to Grow revenue' }));
    await typeKpi(1, 'Grow revenue', 2, 'Churn');
    await save();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save departments and KPIs' })).toBeEnabled());
    expect(department(1).getByLabelText('Team')).toHaveAttribute('readonly');
    const firstRun = writeCalls(fetchMock).length;
    await save();

    await expectAtDashboard(view);
    expect(
      writeCalls(fetchMock)
        .slice(firstRun)
        .map(({ method, url }) => `${method} ${url}`),
    ).toEqual([`PUT ${BASE}/department-kpis/${firstKpiId}`, `POST ${BASE}/department-kpis`]);
  });
});
