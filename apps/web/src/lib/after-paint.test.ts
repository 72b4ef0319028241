import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterScreenPainted } from './after-paint.ts';

// A stand-in for the browser's performance observer: `report()` delivers a paint to every observer
// still watching largest paints.
function fakeObserver(supported: string[]) {
  const watching = new Set<() => void>();
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly callback: () => void;
    constructor(callback: () => void) {
      this.callback = callback;
    }
    observe(options: { type: string; buffered?: boolean }) {
      expect(options).toEqual({ type: 'largest-contentful-paint' });
      watching.add(this.callback);
    }
    disconnect() {
      watching.delete(this.callback);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report: () => [...watching].forEach((callback) => callback()),
    watching: () => watching.size,
  };
}

function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
}

describe('afterScreenPainted', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function runFrame() {
    const due = frames;
    frames = [];
    due.forEach((callback) => callback(0));
  }

  it('waits for the next largest paint the browser reports, not for animation frames', async () => {
    const paints = fakeObserver(['paint', 'largest-contentful-paint']);
    const done = settled(afterScreenPainted());
    runFrame();
    runFrame();
    await vi.advanceTimersByTimeAsync(100);
    expect(done()).toBe(false);

    paints.report();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    // The observer is let go.
    expect(paints.watching()).toBe(0);
  });

  it('gives up waiting after the timeout when no paint is reported', async () => {
    const paints = fakeObserver(['largest-contentful-paint']);
    const done = settled(afterScreenPainted(200));
    await vi.advanceTimersByTimeAsync(199);
    expect(done()).toBe(false);
    // The timeout fires at 200 ms; the promise settles in a task of its own right after.
    await vi.advanceTimersByTimeAsync(2);
    expect(done()).toBe(true);
    expect(paints.watching()).toBe(0);
  });

  it('waits for two animation frames where largest paints are not reported', async () => {
    fakeObserver(['paint']);
    const done = settled(afterScreenPainted());
    runFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(false);
    runFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('waits for two animation frames where there is no performance observer at all', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const done = settled(afterScreenPainted());
    runFrame();
    runFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });
});
