import { describe, expect, it } from 'vitest';
import { clearEndorsementMarks, isMarkedEndorsed, saveEndorsedMark } from './endorsement-marks.ts';

const mark = (endorsedId: string, today: string, endorserId = 'me') => ({ endorserId, endorsedId, today });

describe('endorsement marks', () => {
  it('are remembered for the given day only', () => {
    saveEndorsedMark(mark('u1', '2025-03-01'));
    expect(isMarkedEndorsed(mark('u1', '2025-03-01'))).toBe(true);
    expect(isMarkedEndorsed(mark('u1', '2025-03-02'))).toBe(false);

    saveEndorsedMark(mark('u2', '2025-03-02'));
    expect(isMarkedEndorsed(mark('u2', '2025-03-02'))).toBe(true);
    // Older days are dropped.
    expect(isMarkedEndorsed(mark('u1', '2025-03-01'))).toBe(false);
  });

  it('belong to the person who endorsed (a shared computer)', () => {
    saveEndorsedMark(mark('u1', '2025-03-01', 'priya'));
    expect(isMarkedEndorsed(mark('u1', '2025-03-01', 'tom'))).toBe(false);
  });

  it('read as none when the entry is corrupt or of the wrong shape, and can be cleared', () => {
    localStorage.setItem('endorsementMarks', '[1,2]');
    expect(isMarkedEndorsed(mark('u1', '2025-03-01'))).toBe(false);
    localStorage.setItem('endorsementMarks', '{not json');
    expect(isMarkedEndorsed(mark('u1', '2025-03-01'))).toBe(false);

    saveEndorsedMark(mark('u1', '2025-03-01'));
    clearEndorsementMarks();
    expect(isMarkedEndorsed(mark('u1', '2025-03-01'))).toBe(false);
  });
});
