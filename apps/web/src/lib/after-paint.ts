// Waits until what was just rendered is on screen, for work that should not compete with it (the
// sign-in SDK's download on a page shown from kept data, app/auth-root.tsx).
//
// An animation frame callback runs before its frame is drawn, and the frame reaches the screen some
// time later still (about 20 ms in a headless Chromium slowed four times). Where the browser reports
// its largest paints (`largest-contentful-paint`: Chromium, Firefox), the wait ends with the next one
// it reports, which comes once that frame has been presented. Where it does not, or when the screen
// painted nothing larger than what was there before, the wait ends after two frames, or after
// `timeoutMs` at the latest (frames are not drawn in a background tab).
export function afterScreenPainted(timeoutMs = 200): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      observer?.disconnect();
      clearTimeout(timeout);
      // Out of the observer's or the frame's callback, as a task of its own.
      setTimeout(resolve, 0);
    };
    const timeout = setTimeout(finish, timeoutMs);
    if (reportsLargestPaints()) {
      // Without `buffered`, only the paints from now on are reported.
      observer = new PerformanceObserver(finish);
      observer.observe({ type: 'largest-contentful-paint' });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(finish));
    }
  });
}

function reportsLargestPaints(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint')
  );
}
