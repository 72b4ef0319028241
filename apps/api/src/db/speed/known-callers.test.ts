import { describe, expect, it } from 'vitest';
import { CallerUnconfirmed, KnownCallers } from './known-callers.ts';

type User = { id: string; name: string };
const caller = { userId: 'u1', identityId: 'i1', print: 'p1' };

describe('known callers', () => {
  it('knows a caller only once the lookup read them and they were remembered, as a copy', () => {
    const callers = new KnownCallers<User>(true);
    const user = { id: 'u1', name: 'Ada' };
    callers.remember('identity', user);
    expect(callers.known('identity')).toBeNull();
    callers.read(user, caller);
    callers.remember('identity', user);
    user.name = 'Changed by a request';
    expect(callers.known('identity')).toEqual({ ...caller, user: { id: 'u1', name: 'Ada' } });
    callers.forget('identity');
    expect(callers.known('identity')).toBeNull();
  });

  it('knows nobody when switched off', () => {
    const callers = new KnownCallers<User>(false);
    const user = { id: 'u1', name: 'Ada' };
    callers.read(user, caller);
    callers.remember('identity', user);
    expect(callers.known('identity')).toBeNull();
  });

  it('hands the first call the print to confirm when it confirms the known caller', () => {
    const callers = new KnownCallers<User>(true);
    const { result, first } = callers.within(caller, true, () => callers.touch('u1'));
    expect(first).toBe('confirming');
    expect(result).toEqual(caller);
    // Outside a handler's start nothing is confirmed.
    expect(callers.touch('u1')).toBeNull();
  });

  it('throws before anything runs when a known caller would reach the database otherwise', () => {
    const callers = new KnownCallers<User>(true);
    expect(() => callers.within(caller, true, () => callers.touch(null))).toThrow(CallerUnconfirmed);
    expect(() => callers.within(caller, true, () => callers.touch('another user'))).toThrow(CallerUnconfirmed);
    // A second call in the same start would not wait for the confirmation.
    expect(() =>
      callers.within(caller, true, () => {
        callers.touch('u1');
        callers.touch(null);
      }),
    ).toThrow(CallerUnconfirmed);
  });

  it('only watches a caller read afresh: how the handler first reached the database', () => {
    const callers = new KnownCallers<User>(true);
    expect(callers.within(caller, false, () => callers.touch('u1'))).toEqual({ result: null, first: 'confirming' });
    expect(callers.within(caller, false, () => callers.touch(null))).toEqual({ result: null, first: 'other' });
    expect(callers.within(caller, false, () => 'no database')).toEqual({ result: 'no database', first: 'none' });
  });
});
