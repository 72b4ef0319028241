import { Alert } from '@mantine/core';
import { usePendingCheckInSync } from '../hooks/use-pending-check-in-sync.ts';
import { plural } from '../../../lib/plural.ts';

// Tells the member that check-ins the server did not get are safe on this device, and sends them
// (see usePendingCheckInSync). Renders nothing once there are none.
export function PendingCheckInsNotice({ onSynced }: { onSynced: () => void }) {
  const { pending } = usePendingCheckInSync({ onSynced });
  if (pending === 0) return null;
  return (
    <Alert color="yellow" variant="light" role="status" title="Saved on this device">
      {pending === 1 ? 'Your check-in is' : plural(pending, 'check-in is', 'check-ins are')} saved on this device and
      will sync when HabiTrack can reach the server again.
    </Alert>
  );
}
