import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createCompletedHabit } from '../../features/completed-habits/testing/factories.ts';
import { createDashboard, createDashboardHabit } from '../../features/dashboard/testing/factories.ts';
import { callsTo, stubDashboardApi } from '../../features/dashboard/testing/stub-dashboard-api.ts';
import { renderRoute } from '../../test/render-route.tsx';

const COMPLETED_URL = '/api/v1/habits/completed';
const celebrationUrl = (id: string) => `/api/v1/habits/${id}/celebration`;

// The celebration and the completed habits, as the dashboard and intro routes compose them.
describe('the end of a habit on the dashboard', { timeout: 20_000 }, () => {
  it('celebrates a habit just completed once, with its summary, and lists the completed habits', async () => {
    const fresh = createCompletedHabit();
    const earlier = createCompletedHabit({
      habit_name: 'Recognition',
      started_on: '2026-06-01',
      ended_on: '2026-07-30',
      days_completed: 30,
      best_streak: 9,
      strength: 41,
      celebrated: true,
    });
    const fetchMock = stubDashboardApi({
      dashboard: createDashboard({ active_habits: [] }),
      extra: {
        [COMPLETED_URL]: () => Response.json([fresh, earlier]),
        [celebrationUrl(fresh.user_habit_id)]: () => new Response(null, { status: 204 }),
      },
    });
    renderRoute('/programme/dashboard');

    const celebration = await screen.findByRole('region', { name: 'Congratulations: you completed Active Listening!' });
    expect(celebration).toHaveTextContent(
      '48 of 60 days completed · best streak 21 days · strength 83/100 · 12 positive changes logged',
    );
    expect(within(celebration).getByRole('link', { name: 'See the history of Active Listening' })).toHaveAttribute(
      'href',
      `/programme/habits/${fresh.user_habit_id}/history`,
    );
    // Recorded as seen at once, and only the habit not celebrated before.
    await waitFor(() => expect(callsTo(fetchMock, celebrationUrl(fresh.user_habit_id))).toHaveLength(1));
    expect(callsTo(fetchMock, celebrationUrl(fresh.user_habit_id))[0]![1]?.method).toBe('POST');
    expect(callsTo(fetchMock, celebrationUrl(earlier.user_habit_id))).toHaveLength(0);

    const list = screen.getByRole('region', { name: 'Completed habits' });
    expect(within(list).getByRole('link', { name: 'Recognition: history' })).toHaveAttribute(
      'href',
      `/programme/habits/${earlier.user_habit_id}/history`,
    );
    expect(list).toHaveTextContent(
      '1 Jun 2026 to 30 Jul 2026 · 30/60 days completed · best streak 9 days · strength 41/100',
    );
    expect(within(list).getAllByRole('link')).toHaveLength(2);

    await userEvent.click(within(celebration).getByRole('button', { name: 'Close the celebration' }));
    expect(screen.queryByRole('region', { name: /Congratulations/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, celebrationUrl(fresh.user_habit_id))).toHaveLength(1);
  });

  it('shows no celebration once every completed habit has been celebrated, and no list without any', async () => {
    stubDashboardApi({
      dashboard: createDashboard(),
      extra: { [COMPLETED_URL]: () => Response.json([createCompletedHabit({ celebrated: true })]) },
    });
    const first = renderRoute('/programme/dashboard');
    expect(await screen.findByRole('region', { name: 'Completed habits' })).toBeVisible();
    expect(screen.queryByRole('region', { name: /Congratulations/ })).not.toBeInTheDocument();
    first.unmount();

    stubDashboardApi({ dashboard: createDashboard(), extra: { [COMPLETED_URL]: () => Response.json([]) } });
    renderRoute('/programme/dashboard');
    expect(await screen.findByText('Welcome back, Priya Sharma!')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Completed habits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Congratulations/ })).not.toBeInTheDocument();
  });

  it("links each habit card to the habit's history, and says when today is paused", async () => {
    const paused = createDashboardHabit({ habit_name: 'Daily Check-ins', paused_today: true });
    stubDashboardApi({ dashboard: createDashboard({ active_habits: [paused, createDashboardHabit()] }) });
    renderRoute('/programme/dashboard');
    const card = within(await screen.findByRole('article', { name: 'Daily Check-ins' }));
    expect(card.getByRole('link', { name: 'History of Daily Check-ins' })).toHaveAttribute(
      'href',
      `/programme/habits/${paused.id}/history`,
    );
    expect(card.getByText('Paused today')).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Active Listening' })).queryByText('Paused today')).toBeNull();
  });

  it('celebrates on the programme intro too, where a member lands once every habit has completed', async () => {
    const habit = createCompletedHabit({ habit_name: 'Daily Check-ins' });
    stubDashboardApi({
      extra: {
        [COMPLETED_URL]: () => Response.json([habit]),
        [celebrationUrl(habit.user_habit_id)]: () => new Response(null, { status: 204 }),
      },
    });
    renderRoute('/programme/intro');
    expect(
      await screen.findByRole('region', { name: 'Congratulations: you completed Daily Check-ins!' }),
    ).toBeVisible();
  });
});
