// Progress of one habit in whole percent: completed days over the habit's length, at most 100
// (DOMAIN "Habits").
export function progressPercentage(daysCompleted: number, totalDays: number): number {
  return Math.round((100 * Math.min(daysCompleted, totalDays)) / totalDays);
}

// A member's total progress: the mean of their active habits' progress, 0 with none (DOMAIN
// "Cohort and endorsements").
export function totalProgress(habits: { days_completed: number; target_days: number }[]): number {
  if (habits.length === 0) return 0;
  const sum = habits.reduce((total, h) => total + progressPercentage(h.days_completed, h.target_days), 0);
  return Math.round(sum / habits.length);
}
