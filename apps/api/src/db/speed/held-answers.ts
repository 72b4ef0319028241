import { LRUCache } from 'lru-cache';

// The versions an answer was read at, and those a request has seen: counters that database
// triggers raise in the transaction of every change to what the answer shows (and never lower),
// or text that names what it shows (an id). Opaque to whoever holds the answer: only this file
// compares them.
export type Versions = readonly (number | string | null)[];

declare const sealed: unique symbol;
// Versions as a query hands them to a service, which passes them on to a held answer without
// being able to read or compare them (a service never sees a version): only this file opens them.
export type SealedVersions = { readonly [sealed]: 'versions' };
export const seal = (versions: Versions): SealedVersions => versions as unknown as SealedVersions;
const open = (versions: Versions | SealedVersions): Versions => versions as Versions;

// An answer as read afresh: its value, the versions it was read at and, for an answer that also
// depends on the clock (members' local dates), the span [from, until) of milliseconds in which it
// stays exact.
export type ReadAnswer<V> = { value: V; versions: Versions | SealedVersions; from?: number; until?: number };

// What a request has seen, against which a held answer is confirmed: the versions (read with the
// request's own facts, or by a small statement of its own), the request's moment, and, when the
// check read something the answer shows, how to bring the held value up to date with it.
export type Seen<V> = { versions: Versions | SealedVersions; at?: number; update?: (held: V) => V };

// An answer this instance keeps between requests, because reading it afresh costs far more than
// confirming it is still exact. Each request says what it has seen of the database (`seen`,
// whichever instance or import made the changes); the held answer serves it only if it was read at
// versions at least as recent, within its span of time; otherwise it is read again. So every
// request is answered with what the database holds at that moment, on any number of instances.
export type HeldAnswer<P, V, D> = {
  name: string;
  // The most answers held; the least recently used goes first.
  max: number;
  key: (params: P) => string;
  read: (database: D, params: P) => Promise<ReadAnswer<V> | null>;
  seen: (database: D, params: P) => Seen<V> | null | Promise<Seen<V> | null>;
};

export function heldAnswer<P, V, D>(answer: HeldAnswer<P, V, D>): HeldAnswer<P, V, D> {
  return answer;
}

// An answer the API makes from held answers alone, with no statement of its own (the dashboard,
// from the member's held facts and their cohort's held standings). A held answer hands every
// request the same object until what it shows changes, so an answer made from the same objects
// is the same answer: it is kept, and made again only when one of its inputs is another object.
export type DerivedAnswer<P, V> = {
  name: string;
  // The most answers kept; the least recently used goes first.
  max: number;
  key: (params: P) => string;
  // Everything `make` reads, compared by identity (===): held values, and any plain value.
  inputs: (params: P) => readonly unknown[];
  make: (params: P) => V;
};

export function derivedAnswer<P, V>(answer: DerivedAnswer<P, V>): DerivedAnswer<P, V> {
  return answer;
}

// Whether two sealed versions are the same (a held value that carries versions read with it, to
// tell whether a newer read changed anything).
export function sameVersions(a: Versions | SealedVersions, b: Versions | SealedVersions): boolean {
  const [x, y] = [open(a), open(b)];
  return x.length === y.length && x.every((version, i) => version === y[i]);
}

// Whether an answer read at `held` shows everything a request that has seen `seen` must see: each
// counter at least as high (they only go up, so a held counter above the request's was read after
// it), each name the same.
export function covers(held: Versions, seen: Versions): boolean {
  return (
    held.length === seen.length &&
    held.every((version, i) => {
      const other = seen[i];
      return typeof version === 'number' && typeof other === 'number' ? version >= other : version === other;
    })
  );
}

function confirms<V>(held: ReadAnswer<V>, seen: Seen<V>): boolean {
  if (!covers(open(held.versions), open(seen.versions))) return false;
  if (held.from === undefined && held.until === undefined) return true;
  const at = seen.at ?? Date.now();
  return (held.from === undefined || at >= held.from) && (held.until === undefined || at < held.until);
}

type Store<V> = { answers: LRUCache<string, ReadAnswer<V>>; reading: Map<string, Promise<ReadAnswer<V> | null>> };
type Made<V> = { inputs: readonly unknown[]; value: V };

// The held answers of one database. A key is read by one request at a time: requests that need
// it meanwhile wait for that read (one computation of a cohort's standings, not fifty) and then
// check it as they would a held answer. With holding off, every request reads afresh.
export class HeldAnswers<D> {
  private readonly stores = new Map<HeldAnswer<never, unknown, D>, Store<unknown>>();
  private readonly made = new Map<DerivedAnswer<never, unknown>, LRUCache<string, Made<unknown>>>();

  constructor(
    private readonly database: D,
    private readonly holding: boolean,
  ) {}

  async get<P, V>(answer: HeldAnswer<P, V, D>, params: P): Promise<V | null> {
    if (!this.holding) return (await answer.read(this.database, params))?.value ?? null;
    const store = this.store(answer);
    const key = answer.key(params);
    for (;;) {
      const held = store.answers.get(key);
      if (held) {
        const seen = await answer.seen(this.database, params);
        if (seen && confirms(held, seen)) {
          if (!seen.update) return held.value;
          const value = seen.update(held.value);
          if (value !== held.value) store.answers.set(key, { ...held, value });
          return value;
        }
      }
      const reading = store.reading.get(key);
      if (reading) {
        // Another request's read, begun before this one's own check: wait, then check it.
        await reading.catch(() => null);
        continue;
      }
      const read = answer.read(this.database, params).then((fresh) => {
        if (fresh === null) store.answers.delete(key);
        else store.answers.set(key, fresh);
        return fresh;
      });
      store.reading.set(key, read);
      try {
        return (await read)?.value ?? null;
      } finally {
        store.reading.delete(key);
      }
    }
  }

  // The answer made from the request's inputs: the one kept for its key if it was made from the
  // very same inputs, else made now (and kept).
  derive<P, V>(answer: DerivedAnswer<P, V>, params: P): V {
    if (!this.holding) return answer.make(params);
    let kept = this.made.get(answer as DerivedAnswer<never, unknown>) as LRUCache<string, Made<V>> | undefined;
    if (!kept) {
      kept = new LRUCache<string, Made<V>>({ max: answer.max });
      this.made.set(answer as DerivedAnswer<never, unknown>, kept as LRUCache<string, Made<unknown>>);
    }
    const key = answer.key(params);
    const inputs = answer.inputs(params);
    const earlier = kept.get(key);
    if (earlier && earlier.inputs.length === inputs.length && earlier.inputs.every((input, i) => input === inputs[i]))
      return earlier.value;
    const value = answer.make(params);
    kept.set(key, { inputs, value });
    return value;
  }

  // Drops every held answer, and every answer made from them (tests compare a held answer with a
  // fresh read).
  forget(): void {
    for (const store of this.stores.values()) store.answers.clear();
    for (const kept of this.made.values()) kept.clear();
  }

  private store<P, V>(answer: HeldAnswer<P, V, D>): Store<V> {
    const key = answer as unknown as HeldAnswer<never, unknown, D>;
    let store = this.stores.get(key);
    if (!store) {
      store = { answers: new LRUCache({ max: answer.max }), reading: new Map() };
      this.stores.set(key, store);
    }
    return store as Store<V>;
  }
}
