import { REMINDER_STEP_MINUTES } from '@habitrack/contracts/me/get-notification-preferences';

const pad = (n: number) => String(n).padStart(2, '0');

// Every time of day in 15-minute steps, 00:00 to 23:45, as the API takes them.
export const REMINDER_TIMES: string[] = Array.from({ length: (24 * 60) / REMINDER_STEP_MINUTES }, (_, i) => {
  const minutes = i * REMINDER_STEP_MINUTES;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});
