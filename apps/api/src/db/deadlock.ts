// PostgreSQL ends one of two transactions that wait on each other with "deadlock detected" (40P01)
// and rolls it back whole, so a statement that is its own transaction can simply run again. The
// triggers behind a check-in and behind an endorsement raise the same member's counters in a
// different order, so the two, sent at the same moment, can deadlock (found by the kill -9 test,
// docs/operations/resilience.md). Never use this inside a transaction: there the whole transaction
// is lost, not just the statement.
const DEADLOCK = '40P01';
export const DEADLOCK_ATTEMPTS = 3;

export function isDeadlock(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === DEADLOCK || isDeadlock(cause, depth + 1);
}

export async function retryOnDeadlock<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
