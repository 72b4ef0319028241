import { describe, expect, it } from 'vitest';
import { isFreshAnswer } from './fresh-answer.ts';

const answer = { isSuccess: true, isFetching: false, isFetchedAfterMount: false, dataUpdatedAt: 1_700_000_000_000 };

describe('whether an answer may decide', () => {
  it('is yes for one fetched since the screen mounted, even while it is fetched again', () => {
    expect(isFreshAnswer({ ...answer, isFetchedAfterMount: true })).toBe(true);
    expect(isFreshAnswer({ ...answer, isFetchedAfterMount: true, isFetching: true })).toBe(true);
  });

  it('is yes for one held in memory that is not being fetched again', () => {
    expect(isFreshAnswer(answer)).toBe(true);
  });

  it('is no for a cached answer being fetched again', () => {
    expect(isFreshAnswer({ ...answer, isFetching: true })).toBe(false);
  });

  it('is no for a kept answer, fetching or not (a paused fetch, say)', () => {
    expect(isFreshAnswer({ ...answer, dataUpdatedAt: 0, isFetching: true })).toBe(false);
    expect(isFreshAnswer({ ...answer, dataUpdatedAt: 0 })).toBe(false);
  });

  it('is no without an answer', () => {
    expect(isFreshAnswer({ ...answer, isSuccess: false, isFetchedAfterMount: true })).toBe(false);
  });
});
