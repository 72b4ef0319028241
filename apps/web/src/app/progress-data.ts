import { clearHabitLogs } from '../features/check-in/utils/local-habit-logs.ts';
import { clearEndorsementMarks } from '../features/cohort/utils/endorsement-marks.ts';
import { forgetVisited } from '../features/flow/utils/visited.ts';
import { clearQuerySnapshot } from '../lib/persisted-queries.ts';

// The Reset developer tool: what this browser remembers of the member's progress (the visited flag,
// habit logs including unsent check-ins, endorsement marks, the API's last answers). The sign-in
// choice and the SDKs' entries stay, so the member is still signed in after the reload.
export function clearProgressData(): void {
  forgetVisited();
  clearHabitLogs();
  clearEndorsementMarks();
  clearQuerySnapshot();
}
