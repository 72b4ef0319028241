// Freezes an object and everything it holds: an answer shared by several requests, which none may
// change (a frozen answer's JSON is also written once, contract-serializer.ts).
export function deepFreeze<T>(value: T): Readonly<T> {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
