import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.ts';

describe('deepFreeze', () => {
  it('freezes the object, its lists and the objects they hold, and returns it', () => {
    const answer = { weeks: ['2026-03-02'], figures: [{ value: 3, nested: { n: 1 } }], none: null };
    const frozen = deepFreeze(answer);
    expect(frozen).toBe(answer);
    for (const part of [answer, answer.weeks, answer.figures, answer.figures[0], answer.figures[0]!.nested]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
    expect(() => {
      (answer.figures[0] as { value: number }).value = 4;
    }).toThrow(TypeError);
  });

  it('leaves plain values as they are', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze('text')).toBe('text');
  });
});
