import { Stack } from '@mantine/core';
import { HabitCelebration } from '../../features/completed-habits/components/habit-celebration.tsx';
import { ProgrammeIntroPage } from '../../features/programme-intro/components/programme-intro-page.tsx';

// A member whose every habit has completed lands here (no active habit: onboarding), so the
// celebration of a habit just completed shows here as on the dashboard.
export function ProgrammeIntro() {
  return (
    <Stack gap="xl">
      <ProgrammeIntroPage />
      <HabitCelebration />
    </Stack>
  );
}
