import { useEffect, useRef, useState } from 'react';
import { getPendingHabitLogs } from '../utils/local-habit-logs.ts';
import { syncPendingCheckIns } from '../utils/sync-pending-check-ins.ts';

// Sends the check-ins kept on this device when the screen mounts and whenever the browser says it
// is back online; `onSynced` runs after at least one reached the server. Returns how many still wait.
export function usePendingCheckInSync({ onSynced }: { onSynced: () => void }) {
  const [pending, setPending] = useState(() => getPendingHabitLogs().length);
  // The latest callback without re-subscribing (and re-sending) each time the caller re-renders.
  const onSyncedRef = useRef(onSynced);
  useEffect(() => {
    onSyncedRef.current = onSynced;
  }, [onSynced]);

  useEffect(() => {
    let mounted = true;
    const sync = () => {
      if (getPendingHabitLogs().length === 0) return;
      void syncPendingCheckIns().then((result) => {
        if (!mounted) return;
        setPending(result.remaining);
        if (result.sent > 0) onSyncedRef.current();
      });
    };
    sync();
    window.addEventListener('online', sync);
    return () => {
      mounted = false;
      window.removeEventListener('online', sync);
    };
  }, []);

  return { pending };
}
