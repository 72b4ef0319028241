import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDashboard, createDashboardHabit } from '../../features/dashboard/testing/factories.ts';
import { stubDashboardApi } from '../../features/dashboard/testing/stub-dashboard-api.ts';
import { logUrl } from '../../features/check-in/testing/stub-check-in-api.ts';
import { saveHabitLog } from '../../features/check-in/utils/local-habit-logs.ts';
import { renderRoute } from '../../test/render-route.tsx';

// The dashboard route composes the dashboard with the check-ins kept on this device (sent again
// from here).
function queueCheckIn(habitId: string) {
  saveHabitLog({
    habitId,
    date: '2025-10-18',
    completed: true,
    notes: 'On the train',
    positiveChangeId: null,
    pendingSync: true,
  });
}

// Opening the dashboard sends the queue and reads the dashboard at the same time. A read the server
// answered before the check-in arrived must not be what stays on screen.
describe('the dashboard after check-ins kept on this device reach the server', () => {
  it('shows numbers read after the resend, not those of a read already under way', async () => {
    const habitId = crypto.randomUUID();
    queueCheckIn(habitId);
    let resent!: () => void;
    const resendAnswered = new Promise<void>((resolve) => (resent = resolve));
    let reads = 0;
    const dashboardWithStreak = (streak: number) =>
      Response.json(createDashboard({ active_habits: [createDashboardHabit({ current_streak: streak })] }));
    stubDashboardApi({
      // The first read is answered as the server saw things before the resend, and only once the
      // resend's answer has arrived: it was under way all along.
      dashboard: async () => {
        reads += 1;
        if (reads > 1) return dashboardWithStreak(5);
        await resendAnswered;
        return dashboardWithStreak(4);
      },
      extra: {
        [logUrl(habitId)]: async () => {
          setTimeout(resent, 0);
          return Response.json(
            {
              id: crypto.randomUUID(),
              user_habit_id: crypto.randomUUID(),
              habit_id: habitId,
              log_date: '2025-10-18',
              log_type: 'completed',
              note: 'On the train',
              positive_change_id: null,
            },
            { status: 201 },
          );
        },
      },
    });
    renderRoute('/programme/dashboard');

    expect(await screen.findByText('Current streak: 5 days')).toBeVisible();
    expect(reads).toBe(2);
    expect(screen.queryByText('Current streak: 4 days')).not.toBeInTheDocument();
  });
});
