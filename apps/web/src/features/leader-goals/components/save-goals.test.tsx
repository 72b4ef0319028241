import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createGoal, createProgramme } from '../testing/factories.ts';
import { stubGoalsApi, writeCalls } from '../testing/stub-goals-api.ts';

const PATH = '/leader/goals-setup';
const BASE = '/api/v1/organizational/goals';

// A failed save is also logged; the log is expected here, so it is kept out of the test output.
function stubAlert() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  return alert;
}

function goal(position: number) {
  return within(screen.getByRole('group', { name: `Goal ${position}` }));
}

// The form mounts once the programme and goals are in.
async function loaded() {
  await screen.findByRole('button', { name: 'Save goals' });
}

async function save() {
  await userEvent.click(screen.getByRole('button', { name: 'Save goals' }));
}

// Opened with ?refresh=1 (which the dashboard then drops as it reloads).
function expectAtDashboard({ router, visited }: Pick<ReturnType<typeof renderRoute>, 'router' | 'visited'>) {
  return waitFor(() => {
    expect(router.state.location.pathname).toBe('/programme/dashboard');
    expect(visited).toContain('/programme/dashboard?refresh=1');
  });
}

describe('saving the organizational goals', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('puts stored goals, posts new ones and deletes removed ones, then opens the dashboard', async () => {
    const programme = createProgramme();
    const kept = createGoal({ title: 'Grow revenue', description: 'Old', sequence_order: 0 });
    const dropped = createGoal({ title: 'Cut costs', sequence_order: 1 });
    const fetchMock = stubGoalsApi({ programme, goals: [kept, dropped] });
    const view = renderRoute(PATH);

    await loaded();
    await userEvent.clear(goal(1).getByLabelText('Description (optional)'));
    await userEvent.type(goal(1).getByLabelText('Description (optional)'), '  +10% a year ');
    await userEvent.click(goal(2).getByRole('button', { name: 'Remove goal 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(goal(2).getByLabelText('Title'), ' Care for people ');
    await save();

    await expectAtDashboard(view);
    expect(writeCalls(fetchMock)).toEqual([
      { method: 'DELETE', url: `${BASE}/${dropped.id}`, body: undefined },
      {
        method: 'PUT',
        url: `${BASE}/${kept.id}`,
        body: { title: 'Grow revenue', description: '+10% a year', sequence_order: 0 },
      },
      {
        method: 'POST',
        url: `${BASE}?program_id=${programme.id}`,
        body: { title: 'Care for people', description: null, sequence_order: 1 },
      },
    ]);
  });

  it('posts every goal of a first save, skipping rows without a title, and removes new rows without a call', async () => {
    const programme = createProgramme();
    const fetchMock = stubGoalsApi({ programme, goals: [] });
    const view = renderRoute(PATH);

    await loaded();
    await userEvent.type(goal(1).getByLabelText('Title'), 'Grow revenue');
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(goal(2).getByLabelText('Title'), 'Dropped before saving');
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(goal(4).getByLabelText('Title'), 'Care for people');
    await userEvent.type(goal(4).getByLabelText('Description (optional)'), 'Engagement up');
    await userEvent.click(goal(2).getByRole('button', { name: 'Remove goal 2' }));
    await save();

    await expectAtDashboard(view);
    const url = `${BASE}?program_id=${programme.id}`;
    expect(writeCalls(fetchMock)).toEqual([
      { method: 'POST', url, body: { title: 'Grow revenue', description: null, sequence_order: 0 } },
      { method: 'POST', url, body: { title: 'Care for people', description: 'Engagement up', sequence_order: 1 } },
    ]);
  });

  it('alerts when a delete fails, and writes nothing else', async () => {
    const alert = stubAlert();
    const kept = createGoal({ title: 'Grow revenue' });
    const dropped = createGoal({ title: 'Cut costs' });
    const fetchMock = stubGoalsApi({
      goals: [kept, dropped],
      write: ({ method }) => (method === 'DELETE' ? Response.json({ detail: 'Boom' }, { status: 500 }) : undefined),
    });
    const { router } = renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove goal 2' }));
    await save();

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error deleting goal. Please try again.'));
    expect(writeCalls(fetchMock).map(({ method }) => method)).toEqual(['DELETE']);
    expect(router.state.location.pathname).toBe(PATH);
    expect(screen.getByRole('button', { name: 'Save goals' })).toBeEnabled();
  });

  it("alerts when saving fails and shows the server's reason, such as a programme that has started", async () => {
    const alert = stubAlert();
    const detail = 'Goals can no longer be changed: the programme started on 2026-05-01.';
    stubGoalsApi({ goals: [], write: () => Response.json({ detail }, { status: 409 }) });
    const { router } = renderRoute(PATH);

    await loaded();
    await userEvent.type(goal(1).getByLabelText('Title'), 'Grow revenue');
    await save();

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error saving goals. Please try again.'));
    expect(await screen.findByRole('alert', { name: 'The goals were not saved' })).toHaveTextContent(detail);
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('does not repeat what a failed save already did when saved again', async () => {
    stubAlert();
    const programme = createProgramme();
    const dropped = createGoal({ title: 'Cut costs' });
    const createdId = crypto.randomUUID();
    let posts = 0;
    const fetchMock = stubGoalsApi({
      programme,
      goals: [createGoal({ title: 'Kept' }), dropped],
      write: ({ method, body }) => {
        if (method !== 'POST') return undefined;
        posts += 1;
        if (posts === 1) return Response.json({ id: createdId, ...(body as object) }, { status: 201 });
        return posts === 2 ? Response.json({ detail: 'Boom' }, { status: 500 }) : undefined;
      },
    });
    const view = renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove goal 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(goal(2).getByLabelText('Title'), 'First new');
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(goal(3).getByLabelText('Title'), 'Second new');
    await save();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save goals' })).toBeEnabled());
    const firstRun = writeCalls(fetchMock);
    await save();

    await expectAtDashboard(view);
    expect(firstRun.map(({ method }) => method)).toEqual(['DELETE', 'PUT', 'POST', 'POST']);
    const retry = writeCalls(fetchMock).slice(firstRun.length);
    expect(retry.map(({ method, url }) => [method, url])).toEqual([
      ['PUT', expect.stringContaining('/goals/')],
      ['PUT', `${BASE}/${createdId}`],
      ['POST', `${BASE}?program_id=${programme.id}`],
    ]);
    expect(retry[2]?.body).toEqual({ title: 'Second new', description: null, sequence_order: 2 });
  });
});
