import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSelectedIdpType } from '../features/auth/utils/sign-in-choice.ts';
import {
  callsTo,
  createPage,
  createReceived,
  FIRST_PAGE_URL,
  PATH,
  SEEN_URL,
  stubEndorsementsApi,
} from '../features/endorsements/testing/stub-endorsements-api.ts';
import { toDayKey } from '../lib/dates.ts';
import { setQuerySnapshot } from '../lib/persisted-queries.ts';
import { controlledAuth, PRIYA, renderWithAuth, storeSdkSession } from '../test/kept-session.tsx';
import { createMe } from '../test/stub-api.ts';

// docs/decisions/012 for the endorsements page: a kept list paints it, but only the fresh answer
// decides whether opening the page marks anything as seen.
describe('endorsements kept from an earlier visit', () => {
  beforeEach(() => setSelectedIdpType('auth0'));

  it('mark nothing as seen when the fresh answer says it was seen meanwhile (another device)', async () => {
    const newest = createReceived({ endorser: { id: crypto.randomUUID(), full_name: 'Kept Sender' } });
    const date = toDayKey();
    setQuerySnapshot({
      account: 'auth0:auth0|priya',
      entries: [
        { key: ['auth', 'me'], data: createMe(), date },
        {
          key: ['social', 'endorsements', 'received'],
          data: { pages: [createPage({ items: [newest], seen_at: null })], pageParams: [null] },
          date,
        },
      ],
    });
    storeSdkSession('auth0|priya');
    const fetchMock = stubEndorsementsApi({
      [FIRST_PAGE_URL]: createPage({ items: [newest], seen_at: newest.created_at, new_since_last_visit: 0 }),
    });
    const auth = controlledAuth();
    renderWithAuth(auth, PATH);

    // The kept list is on screen before the SDK has started: painted, nothing decided.
    const list = await screen.findByRole('list', { name: 'Endorsements you received' });
    expect(within(list).getByText('Kept Sender')).toBeVisible();
    expect(callsTo(fetchMock, SEEN_URL)).toHaveLength(0);
    auth.signIn(PRIYA);

    await waitFor(() => expect(callsTo(fetchMock, FIRST_PAGE_URL)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('New')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, SEEN_URL)).toHaveLength(0);
  });
});
