import { describe, expect, it } from 'vitest';
import { DEADLOCK_ATTEMPTS, retryOnDeadlock } from './deadlock.ts';

// drizzle wraps the driver's error as `cause`.
const deadlock = () => Object.assign(new Error('Failed query: insert …'), { cause: { code: '40P01' } });

describe('retryOnDeadlock', () => {
  it('runs a statement again when PostgreSQL ended it as a deadlock victim', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls++;
      if (calls < DEADLOCK_ATTEMPTS) throw deadlock();
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(calls).toBe(DEADLOCK_ATTEMPTS);
  });

  it(`gives up after ${DEADLOCK_ATTEMPTS} deadlocks in a row, with the last error`, async () => {
    let calls = 0;
    const failing = retryOnDeadlock(async () => {
      calls++;
      throw deadlock();
    });
    await expect(failing).rejects.toThrow('Failed query');
    expect(calls).toBe(DEADLOCK_ATTEMPTS);
  });

  it('never repeats a statement that failed for another reason', async () => {
    let calls = 0;
    const failing = retryOnDeadlock(async () => {
      calls++;
      throw Object.assign(new Error('duplicate key'), { cause: { code: '23505' } });
    });
    await expect(failing).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });
});
