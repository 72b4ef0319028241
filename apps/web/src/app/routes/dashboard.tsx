import { lazy, Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import { Stack } from '@mantine/core';
import { WaitingForGoals } from '../../components/ui/waiting-for-goals.tsx';
import { PendingCheckInsNotice } from '../../features/check-in/components/pending-check-ins-notice.tsx';
import { CompletedHabitsList } from '../../features/completed-habits/components/completed-habits-list.tsx';
import { HabitCelebration } from '../../features/completed-habits/components/habit-celebration.tsx';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { useDashboardGate } from '../../features/dashboard/hooks/use-dashboard-gate.ts';
import { useRefreshParam } from '../../features/dashboard/hooks/use-refresh-param.ts';
import { useReloadDashboard } from '../../features/dashboard/hooks/use-reload-dashboard.ts';
import { ReminderOfferCard } from '../../features/notifications/components/reminder-offer-card.tsx';

// The mood prompt (a modal) is downloaded only when it is to be shown, once a day at most.
const MoodPrompt = lazy(() =>
  import('../../features/mood/components/mood-prompt.tsx').then((m) => ({ default: m.MoodPrompt })),
);

// The dashboard with what other features add to it: check-ins kept on this device (sent again
// from here), the offer of a daily reminder, the celebration of a habit just completed and the
// completed habits, and the daily mood prompt. Each reloads the dashboard
// once it has changed something.
export function Dashboard() {
  useRefreshParam();
  const gate = useDashboardGate();
  const reload = useReloadDashboard();
  const moodOpened = gate.status === 'ready' && gate.needsMoodEntry;
  // Stays mounted once shown, so the modal can play its closing transition.
  const [moodMounted, setMoodMounted] = useState(false);
  if (moodOpened && !moodMounted) setMoodMounted(true);

  if (gate.status === 'goals-setup') return <Navigate to="/leader/goals-setup" replace />;
  if (gate.status === 'waiting-for-goals') return <WaitingForGoals />;
  const ready = gate.status === 'ready';
  return (
    <Stack gap="xl">
      <DashboardPage
        waitForFlow={gate.status === 'pending'}
        notice={
          <>
            <PendingCheckInsNotice onSynced={reload} />
            {ready && <HabitCelebration />}
          </>
        }
      />
      {ready && <CompletedHabitsList />}
      {/* Last: the offer's settings may arrive after the dashboard, and nothing moves for it. */}
      <ReminderOfferCard />
      {moodMounted && (
        <Suspense fallback={null}>
          <MoodPrompt opened={moodOpened} onRecorded={reload} />
        </Suspense>
      )}
    </Stack>
  );
}
