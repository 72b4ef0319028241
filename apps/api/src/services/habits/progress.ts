// Progress of one habit in whole percent: completed days over the habit's length, at most 100
// (docs/domain/streaks-and-strength.md#days-completed-and-progress).
export function progressPercentage(daysCompleted: number, totalDays: number): number {
  return Math.round((100 * Math.min(daysCompleted, totalDays)) / totalDays);
}

// A member's total progress: the mean of their active habits' progress, 0 with none
// (docs/domain/streaks-and-strength.md#a-members-total-progress).
export function totalProgress(habits: { days_completed: number; target_days: number }[]): number {
  if (habits.length === 0) return 0;
  const sum = habits.reduce((total, h) => total + progressPercentage(h.days_completed, h.target_days), 0);
  return Math.round(sum / habits.length);
}
