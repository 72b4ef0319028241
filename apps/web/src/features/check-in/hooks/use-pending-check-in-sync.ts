import { useCallback, useEffect, useRef, useState } from 'react';
import {
  acknowledgeRefusal,
  getPendingHabitLogs,
  getRefusedHabitLogs,
  type TLocalHabitLog,
} from '../utils/local-habit-logs.ts';
import { syncPendingCheckIns } from '../utils/sync-pending-check-ins.ts';

// Sends the check-ins kept on this device when the screen mounts and whenever the browser says it
// is back online; `onSynced` runs after at least one reached the server. Returns how many still
// wait, and the ones the server refused that the member has not acknowledged yet.
export function usePendingCheckInSync({ onSynced }: { onSynced: () => void }) {
  const [pending, setPending] = useState(() => getPendingHabitLogs().length);
  const [refused, setRefused] = useState(getRefusedHabitLogs);
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
        setRefused(getRefusedHabitLogs());
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

  const acknowledge = useCallback((log: TLocalHabitLog) => {
    acknowledgeRefusal(log);
    setRefused(getRefusedHabitLogs());
  }, []);

  return { pending, refused, acknowledge };
}
