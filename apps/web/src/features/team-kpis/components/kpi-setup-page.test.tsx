import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createDepartment,
  createFlowStatus,
  createGoal,
  createKpi,
  createProgramme,
  ENGINEERING,
} from '../testing/factories.ts';
import { addGoal, department, goalGroup, loaded, PATH, save, stubAlert } from '../testing/page-helpers.ts';
import { stubKpiApi, writeCalls } from '../testing/stub-kpi-api.ts';
import { formatStartDate } from '../../../lib/start-date.ts';

const grow = createGoal({ title: 'Grow revenue', sequence_order: 0 });
const care = createGoal({ title: 'Care for people', description: 'Engagement up', sequence_order: 1 });

describe('Team leader KPI setup', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the waiting message while the leader has not set goals', async () => {
    stubKpiApi({ flow: createFlowStatus({ has_organizational_goals: false }), goals: [] });
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for Organizational Goals' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save departments and KPIs' })).not.toBeInTheDocument();
  });

  it('opens a new department to fill in, and warns the start date is Not set', async () => {
    stubKpiApi({ goals: [grow, care] });
    renderRoute(PATH);

    await loaded();
    expect(screen.getByRole('form', { name: 'Departments and KPIs' })).toBeVisible();
    expect(screen.getByText('Programme start date: Not set')).toBeVisible();
    expect(department(1).getByLabelText('Team')).toHaveValue('');
    expect(department(1).getByLabelText('Description (optional)')).toHaveValue('');
    expect(department(1).getByRole('button', { name: 'Add goal' })).toBeDisabled();
  });

  it('shows the stored departments and KPIs, read-only where no call could change them', async () => {
    const engineering = createDepartment({ description: 'Platform', organizational_goal_ids: [grow.id, care.id] });
    const kpi = createKpi(engineering, grow, { title: 'Deploys a week', description: 'Ten or more' });
    stubKpiApi({ goals: [grow, care], departments: [engineering], kpis: [kpi] });
    renderRoute(PATH);

    await loaded();
    expect(department(1).getByLabelText('Team')).toHaveValue('Engineering');
    expect(department(1).getByLabelText('Team')).toHaveAttribute('readonly');
    expect(department(1).getByLabelText('Description (optional)')).toHaveAttribute('readonly');
    expect(goalGroup(1, 'Grow revenue').getByLabelText('KPI 1 title')).toHaveValue('Deploys a week');
    expect(goalGroup(1, 'Grow revenue').getByLabelText('KPI 1 description (optional)')).toHaveValue('Ten or more');
    expect(goalGroup(1, 'Care for people').getByLabelText('KPI 1 title')).toHaveValue('');
    expect(goalGroup(1, 'Care for people').getByText('Engagement up')).toBeVisible();
    expect(department(1).getByRole('button', { name: 'Remove department 1' })).toBeDisabled();
    expect(department(1).getByRole('button', { name: 'Remove department 1' })).toHaveAccessibleDescription(
      'Saved departments cannot be removed.',
    );
  });

  it('shows a future start date, formatted', async () => {
    const startsAt = '2099-03-02T09:00:00Z';
    stubKpiApi({ programme: createProgramme({ starts_at: startsAt }), goals: [grow] });
    renderRoute(PATH);

    expect(await screen.findByText(`Programme start date: ${formatStartDate(startsAt)}`)).toBeVisible();
  });

  it('is read-only once the programme has started', async () => {
    stubKpiApi({ programme: createProgramme({ starts_at: '2020-01-06T08:00:00Z' }), goals: [grow] });
    renderRoute(PATH);

    expect(await screen.findByText('Departments and KPIs are read-only')).toBeVisible();
    expect(department(1).getByLabelText('Team')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save departments and KPIs' })).toBeDisabled();
  });

  it('will not remove the only KPI of a goal, and says why', async () => {
    stubKpiApi({ goals: [grow] });
    renderRoute(PATH);
    await loaded();

    await addGoal(1, 'Grow revenue');
    const only = goalGroup(1, 'Grow revenue').getByRole('button', { name: 'Remove KPI 1' });
    expect(only).toBeDisabled();
    expect(only).toHaveAccessibleDescription('Each goal needs at least one KPI, so its only KPI cannot be removed.');
    expect(goalGroup(1, 'Grow revenue').getByLabelText('KPI 1 title')).toHaveFocus();

    await userEvent.click(goalGroup(1, 'Grow revenue').getByRole('button', { name: 'Add KPI to Grow revenue' }));
    expect(goalGroup(1, 'Grow revenue').getByLabelText('KPI 2 title')).toHaveFocus();
    expect(goalGroup(1, 'Grow revenue').getByRole('button', { name: 'Remove KPI 1' })).toBeEnabled();
    await userEvent.click(goalGroup(1, 'Grow revenue').getByRole('button', { name: 'Remove KPI 2' }));
    expect(goalGroup(1, 'Grow revenue').queryByLabelText('KPI 2 title')).not.toBeInTheDocument();
    expect(goalGroup(1, 'Grow revenue').getByRole('button', { name: 'Remove KPI 1' })).toBeDisabled();
  });

  it('cannot add a goal twice to the same department', async () => {
    stubKpiApi({ goals: [grow, care] });
    renderRoute(PATH);
    await loaded();

    await addGoal(1, 'Grow revenue');
    const options = within(department(1).getByLabelText('Add a goal')).getAllByRole('option');
    expect(options.map((option) => [option.textContent, (option as HTMLOptionElement).disabled])).toEqual([
      ['Choose a goal', false],
      ['Grow revenue (already added)', true],
      ['Care for people', false],
    ]);
    await addGoal(1, 'Care for people');
    expect(department(1).queryByLabelText('Add a goal')).not.toBeInTheDocument();
    expect(department(1).getByText('Every organizational goal has been added to this department.')).toBeVisible();
  });

  it('disables a team another department already uses, and refuses to remove the last department', async () => {
    const alert = stubAlert();
    stubKpiApi({ goals: [grow] });
    renderRoute(PATH);
    await loaded();

    await userEvent.selectOptions(department(1).getByLabelText('Team'), 'Engineering');
    await userEvent.click(screen.getByRole('button', { name: 'Add department' }));
    expect(department(2).getByLabelText('Team')).toHaveValue(
      (department(2).getByRole('option', { name: 'Customer Success' }) as HTMLOptionElement).value,
    );
    const taken = department(2).getByRole('option', { name: 'Engineering (already has a department)' });
    expect((taken as HTMLOptionElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add department' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add department' })).toHaveAccessibleDescription(
      'Each team you lead already has a department.',
    );

    await userEvent.click(department(2).getByRole('button', { name: 'Remove department 2' }));
    expect(screen.queryByRole('group', { name: /^Department 2/ })).not.toBeInTheDocument();
    await userEvent.click(department(1).getByRole('button', { name: 'Remove department 1' }));
    expect(alert).toHaveBeenCalledWith('You must have at least one department');
    expect(department(1).getByLabelText('Team')).toHaveValue(ENGINEERING.id);
  });

  it('will not save without a department that has a team and a KPI with a title', async () => {
    const alert = stubAlert();
    const fetchMock = stubKpiApi({ goals: [grow] });
    renderRoute(PATH);
    await loaded();

    await addGoal(1, 'Grow revenue');
    await userEvent.type(goalGroup(1, 'Grow revenue').getByLabelText('KPI 1 title'), 'Deploys a week');
    await save();
    expect(alert).toHaveBeenLastCalledWith('Please add at least one department with KPIs');

    await userEvent.selectOptions(department(1).getByLabelText('Team'), 'Engineering');
    await userEvent.clear(goalGroup(1, 'Grow revenue').getByLabelText('KPI 1 title'));
    await userEvent.type(goalGroup(1, 'Grow revenue').getByLabelText('KPI 1 title'), '   ');
    await save();
    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenLastCalledWith('Please add at least one department with KPIs');
    expect(writeCalls(fetchMock)).toEqual([]);
  });

  it('shows a loading state, then an error with a retry', async () => {
    let fail = true;
    stubKpiApi({ goals: () => (fail ? Response.json({ detail: 'Boom' }, { status: 500 }) : Response.json([grow])) });
    renderRoute(PATH);

    expect(await screen.findByRole('status', { name: 'Loading departments and KPIs...' })).toBeVisible();
    expect(await screen.findByText("We couldn't load your departments and KPIs")).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
  });

  it('tells a member this page is for team leaders', async () => {
    stubKpiApi({ flow: createFlowStatus({ role: 'member', manageable_teams: [] }), goals: [grow] });
    renderRoute(PATH);

    expect(await screen.findByText('Only team leaders define departments and KPIs.')).toBeVisible();
  });
});
