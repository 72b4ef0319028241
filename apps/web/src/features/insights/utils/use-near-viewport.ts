import { useEffect, useRef, useState } from 'react';

// Whether an element is on screen or about to be (within `margin` of the viewport), and stays true
// once it has been: the insights render a chart only when it is about to be seen, so the page's
// first paint does not wait for a dozen charts nobody has scrolled to yet. Where the browser has no
// IntersectionObserver (tests, old browsers) everything counts as near.
export function useNearViewport<T extends Element>(margin = '300px') {
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
