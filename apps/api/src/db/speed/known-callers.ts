import { LRUCache } from 'lru-cache';

// A caller as the sign-in lookup read them, with what confirms them later: the identity row that
// led to them and a print of their user and organisation rows (db/queries/identity/identity.ts).
export type CallerPrint = { userId: string; identityId: string; print: string };
export type KnownCaller<U> = CallerPrint & { user: U };

// Thrown by a hot statement whose caller is no longer as known (their user, organisation or
// identity changed since they were read): the request is answered with the caller read afresh.
export class CallerStale extends Error {
  constructor() {
    super('the caller changed since they were read');
  }
}

// Thrown when a request served a known caller reaches the database other than through a statement
// that confirms that caller: nothing has run yet, and the request is answered afresh.
export class CallerUnconfirmed extends Error {
  constructor() {
    super('the first database call of the request does not confirm its caller');
  }
}

// How a handler's synchronous start reached the database: first through a statement that confirms
// its caller, first otherwise, or not at all.
export type FirstCall = 'confirming' | 'other' | 'none';

type Span = { caller: CallerPrint; guarded: boolean; first: FirstCall };

// The callers this instance has read, by identity (issuer, subject, tenant), kept for a short
// while. A known caller is never trusted as kept: a request served one must reach the database
// first through a shared statement that confirms them (`confirms` in shared-statements.ts), which
// checks in the same statement that the identity still leads to that user and that neither the
// user's nor the organisation's row changed; otherwise the statement answers `CallerStale` and
// the request is answered again with the caller read afresh. That check is made on the
// handler's synchronous start (`within`), where the first database call is seen before it is
// sent: any other first call throws `CallerUnconfirmed` before anything runs.
export class KnownCallers<U extends object> {
  private readonly callers: LRUCache<string, KnownCaller<U>> | null;
  // The print of each user object the sign-in lookup answered, until it is remembered.
  private readonly prints = new WeakMap<U, CallerPrint>();
  private span: Span | null = null;

  constructor(on: boolean) {
    this.callers = on ? new LRUCache({ max: 10_000, ttl: 60_000 }) : null;
  }

  get on(): boolean {
    return this.callers !== null;
  }

  // The sign-in lookup records what confirms the user it read.
  read(user: U, print: CallerPrint): void {
    if (this.callers) this.prints.set(user, print);
  }

  // A caller who passed every sign-in check, as read by the lookup (a copy: the request keeps its own).
  remember(identity: string, user: U): void {
    const print = this.prints.get(user);
    if (this.callers && print) this.callers.set(identity, { ...print, user: { ...user } });
  }

  known(identity: string): KnownCaller<U> | null {
    return this.callers?.get(identity) ?? null;
  }

  forget(identity: string): void {
    this.callers?.delete(identity);
  }

  // Runs `start` (a handler's synchronous start) and tells how it first reached the database.
  // Guarded (a known caller): that first call must confirm the caller, or it throws
  // `CallerUnconfirmed`, as does any other call made before the handler first waits.
  within<T>(caller: CallerPrint, guarded: boolean, start: () => T): { result: T; first: FirstCall } {
    const span: Span = { caller, guarded, first: 'none' };
    this.span = span;
    try {
      return { result: start(), first: span.first };
    } finally {
      this.span = null;
    }
  }

  // Every database call passes here. For a call of a statement that confirms its caller, the
  // print it must match (null: nothing to confirm).
  touch(confirmedUserId: string | null): CallerPrint | null {
    const span = this.span;
    if (!span) return null;
    if (span.first === 'none' && confirmedUserId === span.caller.userId) {
      span.first = 'confirming';
      return span.guarded ? span.caller : null;
    }
    if (span.first === 'none') span.first = 'other';
    if (span.guarded) throw new CallerUnconfirmed();
    return null;
  }
}
