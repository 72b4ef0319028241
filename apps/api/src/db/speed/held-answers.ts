import { LRUCache } from 'lru-cache';

// An answer this instance keeps between requests, because reading it afresh costs far more than
// confirming it is still exact. `reuse` decides, for each request, from what that request itself
// read in the database (versions that triggers raise with every change, whichever instance or
// import made it): it returns the held answer as it answers the request (it may bring it up to
// date), or null, and the answer is then read again. So every request is answered with what the
// database holds at that moment, on any number of instances.
export type HeldAnswer<P, V, D> = {
  name: string;
  // The most answers held; the least recently used goes first.
  max: number;
  key: (params: P) => string;
  read: (database: D, params: P) => Promise<V | null>;
  reuse: (database: D, held: V, params: P) => V | null | Promise<V | null>;
};

export function heldAnswer<P, V, D>(answer: HeldAnswer<P, V, D>): HeldAnswer<P, V, D> {
  return answer;
}

type Store<V> = { answers: LRUCache<string, { value: V }>; reading: Map<string, Promise<V | null>> };

// The held answers of one database. A key is read by one request at a time: requests that need
// it meanwhile wait for that read (one computation of a cohort's standings, not fifty) and then
// check it as they would a held answer. With holding off, every request reads afresh.
export class HeldAnswers<D> {
  private readonly stores = new Map<HeldAnswer<never, unknown, D>, Store<unknown>>();

  constructor(
    private readonly database: D,
    private readonly holding: boolean,
  ) {}

  async get<P, V>(answer: HeldAnswer<P, V, D>, params: P): Promise<V | null> {
    if (!this.holding) return answer.read(this.database, params);
    const store = this.store(answer);
    const key = answer.key(params);
    for (;;) {
      const held = store.answers.get(key);
      if (held) {
        const current = await answer.reuse(this.database, held.value, params);
        if (current !== null) {
          if (current !== held.value) store.answers.set(key, { value: current });
          return current;
        }
      }
      const reading = store.reading.get(key);
      if (reading) {
        // Another request's read, begun before this one's own check: wait, then check it.
        await reading.catch(() => null);
        continue;
      }
      const read = answer.read(this.database, params).then((value) => {
        if (value === null) store.answers.delete(key);
        else store.answers.set(key, { value });
        return value;
      });
      store.reading.set(key, read);
      try {
        return await read;
      } finally {
        store.reading.delete(key);
      }
    }
  }

  // Drops every held answer (tests compare a held answer with a fresh read).
  forget(): void {
    for (const store of this.stores.values()) store.answers.clear();
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
