import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accountKey,
  createQueryPersister,
  getQuerySnapshot,
  hasKeptDataToday,
  isPersistedKey,
  setQuerySnapshot,
} from './persisted-queries.ts';

const ALICE = 'auth0:alice';
const BOB = 'auth0:bob';
const TODAY = '2026-11-24';

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

// Answers as the API would give them: a fetch through the client, so they count as fetched.
async function fetchInto(client: QueryClient, key: unknown[], data: unknown) {
  await client.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve(data) });
}

describe('persisted queries', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 9, 30));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps only the member’s own reads and the insights they are shown', () => {
    expect(isPersistedKey(['dashboard'])).toBe(true);
    expect(isPersistedKey(['insights', '4w'])).toBe(true);
    expect(isPersistedKey(['auth', 'me'])).toBe(true);
    expect(isPersistedKey(['social', 'cohort', 'members'])).toBe(true);
    expect(isPersistedKey(['config'])).toBe(false);
    expect(isPersistedKey(['dev-tools', 'debug-token'])).toBe(false);
    expect(isPersistedKey(['organizational', 'goals', 'p1'])).toBe(false);
  });

  it('names an account by provider and subject, and none without a subject', () => {
    expect(accountKey('auth0', 'alice')).toBe(ALICE);
    expect(accountKey('azure_ad', undefined)).toBeNull();
  });

  it('writes the signed-in account’s answers, dated, and restores them as stale data for that account', async () => {
    const client = newClient();
    const persister = createQueryPersister(client);
    const stop = persister.start();
    persister.setAccount(ALICE);
    await fetchInto(client, ['auth', 'me'], { id: 'a' });
    await fetchInto(client, ['dashboard'], { user_name: 'Alice' });
    await fetchInto(client, ['config'], { productName: 'HabiTrack' });
    vi.advanceTimersByTime(200);
    stop();

    expect(getQuerySnapshot()).toEqual({
      account: ALICE,
      entries: [
        { key: ['auth', 'me'], data: { id: 'a' }, date: TODAY },
        { key: ['dashboard'], data: { user_name: 'Alice' }, date: TODAY },
      ],
    });

    const next = newClient();
    expect(createQueryPersister(next).restore(ALICE)).toBe(true);
    expect(next.getQueryData(['dashboard'])).toEqual({ user_name: 'Alice' });
    const state = next.getQueryState(['dashboard']);
    expect(state?.isInvalidated).toBe(true);
    expect(state?.dataUpdatedAt).toBe(0);
    expect(next.getQueryData(['config'])).toBeUndefined();
  });

  it('restores nothing without today’s answer of the account check', () => {
    setQuerySnapshot({
      account: ALICE,
      entries: [
        { key: ['auth', 'me'], data: { id: 'a' }, date: '2026-11-23' },
        { key: ['dashboard'], data: { user_name: 'Alice' }, date: TODAY },
      ],
    });
    const client = newClient();

    expect(createQueryPersister(client).restore(ALICE)).toBe(false);
    expect(client.getQueryData(['dashboard'])).toBeUndefined();
  });

  it('never restores one account’s answers for another', () => {
    setQuerySnapshot({
      account: ALICE,
      entries: [
        { key: ['auth', 'me'], data: { id: 'a' }, date: TODAY },
        { key: ['dashboard'], data: { user_name: 'Alice' }, date: TODAY },
      ],
    });
    const client = newClient();

    expect(createQueryPersister(client).restore(BOB)).toBe(false);
    expect(client.getQueryData(['dashboard'])).toBeUndefined();
  });

  it('never restores answers of another day', () => {
    setQuerySnapshot({
      account: ALICE,
      entries: [
        { key: ['dashboard'], data: { user_name: 'yesterday' }, date: '2026-11-23' },
        { key: ['auth', 'me'], data: { id: 'a' }, date: TODAY },
      ],
    });
    const client = newClient();

    expect(createQueryPersister(client).restore(ALICE)).toBe(true);
    expect(client.getQueryData(['dashboard'])).toBeUndefined();
    expect(client.getQueryData(['auth', 'me'])).toEqual({ id: 'a' });
    expect(hasKeptDataToday('auth0')).toBe(true);
    vi.setSystemTime(new Date(2026, 10, 25, 0, 5));
    expect(hasKeptDataToday('auth0')).toBe(false);
  });

  it('never replaces data the app already has', async () => {
    setQuerySnapshot({
      account: ALICE,
      entries: [
        { key: ['auth', 'me'], data: { id: 'a' }, date: TODAY },
        { key: ['dashboard'], data: { user_name: 'old' }, date: TODAY },
      ],
    });
    const client = newClient();
    await fetchInto(client, ['dashboard'], { user_name: 'fresh' });

    createQueryPersister(client).restore(ALICE);
    expect(client.getQueryData(['dashboard'])).toEqual({ user_name: 'fresh' });
    expect(client.getQueryState(['dashboard'])?.dataUpdatedAt).toBeGreaterThan(0);
  });

  it('writes fresh answers over the restored ones and keeps restored ones not fetched again', async () => {
    setQuerySnapshot({
      account: ALICE,
      entries: [
        { key: ['auth', 'me'], data: { id: 'a' }, date: TODAY },
        { key: ['dashboard'], data: { user_name: 'old' }, date: TODAY },
        { key: ['social', 'cohort', 'members'], data: ['m1'], date: TODAY },
      ],
    });
    const client = newClient();
    const persister = createQueryPersister(client);
    expect(persister.restore(ALICE)).toBe(true);
    const stop = persister.start();
    persister.setAccount(ALICE);
    await fetchInto(client, ['dashboard'], { user_name: 'fresh' });
    vi.advanceTimersByTime(200);
    stop();

    expect(getQuerySnapshot()?.entries).toEqual(
      expect.arrayContaining([
        { key: ['dashboard'], data: { user_name: 'fresh' }, date: TODAY },
        { key: ['social', 'cohort', 'members'], data: ['m1'], date: TODAY },
      ]),
    );
  });

  it('drops restored answers, stored and in the client, when someone else turns out to be signed in', () => {
    setQuerySnapshot({
      account: ALICE,
      entries: [
        { key: ['auth', 'me'], data: { id: 'a' }, date: TODAY },
        { key: ['dashboard'], data: { user_name: 'Alice' }, date: TODAY },
      ],
    });
    const client = newClient();
    const persister = createQueryPersister(client);
    persister.restore(ALICE);

    persister.setAccount(BOB);

    expect(client.getQueryData(['dashboard'])).toBeUndefined();
    expect(getQuerySnapshot()).toBeNull();
  });

  it('clears everything when nobody is signed in, and writes nothing more', async () => {
    setQuerySnapshot({
      account: ALICE,
      entries: [
        { key: ['auth', 'me'], data: { id: 'a' }, date: TODAY },
        { key: ['dashboard'], data: { user_name: 'Alice' }, date: TODAY },
      ],
    });
    const client = newClient();
    const persister = createQueryPersister(client);
    persister.restore(ALICE);
    const stop = persister.start();
    persister.setAccount(ALICE);

    persister.setAccount(null);
    await fetchInto(client, ['auth', 'me'], { id: 'a' });
    vi.advanceTimersByTime(200);
    stop();

    expect(client.getQueryData(['dashboard'])).toBeUndefined();
    expect(getQuerySnapshot()).toBeNull();
  });
});
