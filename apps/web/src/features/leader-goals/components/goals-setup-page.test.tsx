import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createGoal, createProgramme } from '../testing/factories.ts';
import { stubGoalsApi, writeCalls } from '../testing/stub-goals-api.ts';
import { formatStartDate } from '../../../lib/start-date.ts';

const PATH = '/leader/goals-setup';

function stubAlert() {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  return alert;
}

function goal(position: number) {
  return within(screen.getByRole('group', { name: `Goal ${position}` }));
}

describe('Leader goals setup', { timeout: 20_000 }, () => {
  it('lists the stored goals in labelled fields', async () => {
    stubGoalsApi({
      goals: [
        createGoal({ title: 'Grow revenue', description: '+10% a year', sequence_order: 0 }),
        createGoal({ title: 'Care for people', sequence_order: 1 }),
      ],
    });
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Organisational goals' })).toBeVisible();
    expect(await screen.findByRole('form', { name: 'Organisational goals' })).toBeVisible();
    expect(goal(1).getByLabelText('Title')).toHaveValue('Grow revenue');
    expect(goal(1).getByLabelText('Description (optional)')).toHaveValue('+10% a year');
    expect(goal(2).getByLabelText('Title')).toHaveValue('Care for people');
    expect(goal(2).getByLabelText('Description (optional)')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save goals' })).toBeEnabled();
  });

  it('opens with one empty goal when there are none yet, and warns the start date is Not set', async () => {
    stubGoalsApi({ goals: [] });
    renderRoute(PATH);

    expect(await screen.findByText('Programme start date: Not set')).toBeVisible();
    expect(screen.getByText(/You can change these goals until the programme starts/)).toBeVisible();
    expect(goal(1).getByLabelText('Title')).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Goal 2' })).not.toBeInTheDocument();
  });

  it('shows a future start date, formatted, as the deadline for changes', async () => {
    const startsAt = '2099-09-15T08:00:00Z';
    stubGoalsApi({ programme: createProgramme({ starts_at: startsAt }) });
    renderRoute(PATH);

    expect(await screen.findByText(`Programme start date: ${formatStartDate(startsAt)}`)).toBeVisible();
    expect(formatStartDate(startsAt)).toMatch(/2099/);
  });

  it('is read-only once the programme has started', async () => {
    const startsAt = '2020-01-06T08:00:00Z';
    stubGoalsApi({ programme: createProgramme({ starts_at: startsAt }), goals: [createGoal()] });
    renderRoute(PATH);

    expect(await screen.findByText('Goals are read-only')).toBeVisible();
    expect(screen.getByText(new RegExp(`The programme started on ${formatStartDate(startsAt)}`))).toBeVisible();
    expect(goal(1).getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add goal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save goals' })).toBeDisabled();
  });

  it('adds goals and focuses the new title; refuses to remove the last one', async () => {
    const alert = stubAlert();
    const fetchMock = stubGoalsApi({ goals: [createGoal({ title: 'Only goal' })] });
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Add goal' }));
    expect(goal(2).getByLabelText('Title')).toHaveFocus();
    await userEvent.click(goal(2).getByRole('button', { name: 'Remove goal 2' }));
    expect(screen.queryByRole('group', { name: 'Goal 2' })).not.toBeInTheDocument();

    await userEvent.click(goal(1).getByRole('button', { name: 'Remove goal 1' }));
    expect(alert).toHaveBeenCalledWith('You must have at least one organizational goal');
    expect(goal(1).getByLabelText('Title')).toHaveValue('Only goal');
    expect(writeCalls(fetchMock)).toEqual([]);
  });

  it('will not save without a goal that has a title', async () => {
    const alert = stubAlert();
    const fetchMock = stubGoalsApi({ goals: [] });
    renderRoute(PATH);

    await userEvent.type(await screen.findByLabelText('Description (optional)'), 'No title here');
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(goal(2).getByLabelText('Title'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save goals' }));

    expect(alert).toHaveBeenCalledWith('Please add at least one organizational goal');
    expect(writeCalls(fetchMock)).toEqual([]);
  });

  it('shows a loading state, then an error with a retry', async () => {
    let fail = true;
    stubGoalsApi({
      goals: () => (fail ? Response.json({ detail: 'Boom' }, { status: 500 }) : Response.json([createGoal()])),
    });
    renderRoute(PATH);

    expect(await screen.findByRole('status', { name: 'Loading organizational goals...' })).toBeVisible();
    expect(await screen.findByText("We couldn't load the organizational goals")).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Goal 1' })).toBeVisible();
  });

  it('says so when the leader has no programme', async () => {
    stubGoalsApi({ programme: null });
    renderRoute(PATH);

    expect(await screen.findByText(/You are not part of a programme yet/)).toBeVisible();
  });
});
