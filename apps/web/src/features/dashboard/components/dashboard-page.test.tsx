import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createDashboard, createDashboardHabit } from '../testing/factories.ts';
import { callsTo, DASHBOARD_URL, FLOW_STATUS_URL, stubDashboardApi } from '../testing/stub-dashboard-api.ts';

const PATH = '/programme/dashboard';

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('dashboard', () => {
  it('welcomes the member back and shows each active habit with its progress', async () => {
    const habit = createDashboardHabit({
      habit_name: 'Daily Check-ins',
      progress_percentage: 35,
      current_streak: 6,
      days_completed: 21,
      total_days: 60,
    });
    stubDashboardApi({ dashboard: createDashboard({ active_habits: [habit, createDashboardHabit()] }) });
    renderRoute(PATH);

    expect(await screen.findByText('Welcome back, Priya Sharma!')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByText('Inclusive Leadership 2025 · Module 1: Listening First')).toBeVisible();
    const card = within(screen.getByRole('article', { name: 'Daily Check-ins' }));
    expect(card.getByRole('progressbar', { name: 'Daily Check-ins progress' })).toHaveAttribute('aria-valuenow', '35');
    expect(card.getByText('35%')).toBeVisible();
    expect(card.getByText('Current streak: 6 days')).toBeVisible();
    expect(card.getByText('21/60 days completed')).toBeVisible();
    expect(card.getByRole('link', { name: 'Track Today' })).toHaveAttribute(
      'href',
      `/programme/habit-track/${habit.habit_id}`,
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Add more habits' })).toHaveAttribute(
      'href',
      '/programme/behaviour-habit-selection',
    );
  });

  it('opens the check-in of a habit from Track Today', async () => {
    const habit = createDashboardHabit();
    stubDashboardApi({
      dashboard: createDashboard({ active_habits: [habit] }),
      // The check-in screen is its feature's to test; here it only needs to start loading.
      extra: { [`/api/v1/habits/${habit.habit_id}/log/today`]: () => new Promise<Response>(() => {}) },
    });
    const { router } = renderRoute(PATH);

    await userEvent.click(await screen.findByRole('link', { name: 'Track Today' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/programme/habit-track/${habit.habit_id}`));
  });

  it('offers to continue to Module 1 when there are no active habits', async () => {
    stubDashboardApi({
      dashboard: createDashboard({ active_habits: [], programme_name: null, first_module_name: null }),
    });
    const { router } = renderRoute(PATH);

    expect(await screen.findByText(/You have no active habits yet/)).toBeVisible();
    expect(screen.getByText('Leadership Excellence Programme · Module 1: Effective Communication')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Add more habits' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Continue to Module 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/behaviour-habit-selection'));
  });

  it('does not offer more habits when the member already has the maximum', async () => {
    const habits = [createDashboardHabit(), createDashboardHabit(), createDashboardHabit()];
    stubDashboardApi({ dashboard: createDashboard({ active_habits: habits, can_add_more_habits: false }) });
    renderRoute(PATH);

    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Add more habits' })).not.toBeInTheDocument();
  });

  it('shows the cohort, mood and positive impact widgets', async () => {
    const impacts = {
      total_logged: 5,
      changes: [
        { id: crypto.randomUUID(), name: 'More engaged team', description: null, category: 'team', count: 3 },
        { id: crypto.randomUUID(), name: 'Stronger trust', description: null, category: 'relationships', count: 2 },
      ],
    };
    stubDashboardApi({ dashboard: createDashboard({ positive_changes_widget: impacts }) });
    const { router } = renderRoute(PATH);

    await screen.findByText('Welcome back, Priya Sharma!');
    const cohort = section('Your Cohort');
    expect(cohort.getByText('Autumn Cohort')).toBeVisible();
    expect(cohort.getByText('8 members')).toBeVisible();
    expect(cohort.getByText('Your rank: #3 of 8')).toBeVisible();

    const mood = section('Mood Tracking');
    const days = mood.getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // The faces are drawn by the app (SVG), named by the mood: no emoji font needed.
    const faces = mood.getAllByRole('img');
    expect(faces.map((face) => [face.tagName.toLowerCase(), face.getAttribute('aria-label')])).toEqual([
      ['svg', 'Good'],
      ['svg', 'Skipped'],
      ['svg', 'Great'],
    ]);
    expect(within(days[0]!).getByRole('img', { name: 'Good' })).toBeVisible();
    expect(mood.getByRole('listitem', { name: 'Monday 13 October: Good' })).toBeVisible();
    expect(mood.getByRole('listitem', { name: 'Today, Sunday 19 October: no entry' })).toBeVisible();
    expect(mood.getByText('2/7 entries')).toBeVisible();
    expect(mood.getByText('Average mood: 4.5/5')).toBeVisible();
    expect(mood.getByText('Completion: 29%')).toBeVisible();
    expect(mood.getByText('Every check-in helps you spot what lifts your energy. Keep going.')).toBeVisible();

    const positive = section('Positive Impacts');
    expect(positive.getByText('Total logged: 5')).toBeVisible();
    const rows = positive.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'More engaged teamteam3 times',
      'Stronger trustrelationships2 times',
    ]);

    await userEvent.click(cohort.getByRole('link', { name: 'View Team Progress' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/cohort'));
  });

  it('says so when nothing is logged yet, and without a cohort or mood entries', async () => {
    const dashboard = createDashboard({ team_widget: null });
    dashboard.mood_widget = {
      current_week: { dates: dashboard.mood_widget.current_week.dates, entries: {} },
      weekly_stats: { entries_count: 0, average_mood: null, completion_rate: 0 },
      benefit_message: null,
    };
    stubDashboardApi({ dashboard });
    renderRoute(PATH);

    await screen.findByText('Welcome back, Priya Sharma!');
    expect(section('Positive Impacts').getByText('Total logged: 0')).toBeVisible();
    expect(section('Positive Impacts').getByText(/No positive impacts logged yet/)).toBeVisible();
    expect(section('Your Cohort').getByText('You are not part of a cohort yet.')).toBeVisible();
    expect(section('Mood Tracking').getAllByTestId('mood-day-empty')).toHaveLength(7);
    expect(section('Mood Tracking').getByText('0/7 entries')).toBeVisible();
    expect(section('Mood Tracking').getByText('Average mood: no entries yet')).toBeVisible();
  });

  it('shows a loading skeleton, then an error with a retry that recovers', async () => {
    let calls = 0;
    let answer: (response: Response) => void = () => {};
    stubDashboardApi({
      dashboard: () => {
        calls += 1;
        if (calls === 1) return new Promise<Response>((resolve) => (answer = resolve));
        return Response.json(createDashboard({ user_name: 'Second Try' }));
      },
    });
    renderRoute(PATH);

    expect(await screen.findByRole('status', { name: 'Loading your dashboard...' })).toBeVisible();
    answer(Response.json({ detail: 'down' }, { status: 503 }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your dashboard");
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Welcome back, Second Try!')).toBeVisible();
  });

  it.each(['refresh=1', 'refreshUserFlow=true'])('removes ?%s from the URL without a history entry', async (query) => {
    stubDashboardApi();
    const { router } = renderRoute(`${PATH}?${query}&keep=yes`);

    await waitFor(() => expect(router.state.location.search).toBe('?keep=yes'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe(PATH);
    expect(await screen.findByText('Welcome back, Priya Sharma!')).toBeVisible();
  });

  it('reloads the dashboard and the flow status when a refresh is asked for', async () => {
    let calls = 0;
    const fetchMock = stubDashboardApi({
      dashboard: () => {
        calls += 1;
        return Response.json(createDashboard({ user_name: calls === 1 ? 'Before' : 'After' }));
      },
    });
    const { router } = renderRoute(PATH);
    await screen.findByText('Welcome back, Before!');
    const flowCalls = callsTo(fetchMock, FLOW_STATUS_URL).length;

    // Another screen sends the member back here after changing something.
    await act(() => router.navigate(`${PATH}?refresh=1`));
    expect(await screen.findByText('Welcome back, After!')).toBeVisible();
    expect(callsTo(fetchMock, FLOW_STATUS_URL).length).toBe(flowCalls + 1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('loads the dashboard once without a refresh parameter', async () => {
    const fetchMock = stubDashboardApi();
    renderRoute(PATH);

    await screen.findByText('Welcome back, Priya Sharma!');
    expect(callsTo(fetchMock, DASHBOARD_URL)).toHaveLength(1);
  });
});
