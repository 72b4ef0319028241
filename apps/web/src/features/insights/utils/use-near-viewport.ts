import { useEffect, useRef, useState } from 'react';

// Whether an element is on screen (or within `margin` of it), and stays true once it has been: the
// insights draw a chart only when it comes into view. Drawing one (recharts) keeps the main thread
// busy for tens of milliseconds; drawn during the page's load, the charts nobody has scrolled to yet
// kept the page from answering input. The headline figures above them need no chart. Where the
// browser has no IntersectionObserver (tests, old browsers) everything counts as near.
export function useNearViewport<T extends Element>(margin = '0px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
