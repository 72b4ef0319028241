import { ZUserHabitParams } from './get-habit-history.ts';

// POST /habits/{userHabitId}/celebration — 204 without a body: the member has seen the celebration
// of this completed habit, which is not shown again. Only for a completed habit (409 otherwise);
// sending it again changes nothing.
export const ZMarkCelebrationSeenParams = ZUserHabitParams;
