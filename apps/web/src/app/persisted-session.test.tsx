import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHabit, createTodayLog } from '../features/check-in/testing/factories.ts';
import { createDashboard, createFlowStatus } from '../features/dashboard/testing/factories.ts';
import type { THybridAuthUser } from '../features/auth/types.ts';
import { toDayKey } from '../lib/dates.ts';
import { setSelectedIdpType } from '../features/auth/utils/sign-in-choice.ts';
import { getQuerySnapshot, setQuerySnapshot } from '../lib/persisted-queries.ts';
import { controlledAuth, PRIYA, renderWithAuth, storeSdkSession } from '../test/kept-session.tsx';
import { createMe, stubApi } from '../test/stub-api.ts';

const BOB: THybridAuthUser = { email: 'bob.jones@acme.example', name: 'Bob Jones', sub: 'auth0|bob' };

function keepPriyasDashboard(date = toDayKey()) {
  setQuerySnapshot({
    account: 'auth0:auth0|priya',
    entries: [
      { key: ['auth', 'me'], data: createMe(), date },
      { key: ['auth', 'user-flow-status'], data: createFlowStatus(), date },
      { key: ['dashboard'], data: createDashboard({ user_name: 'Kept Priya' }), date },
    ],
  });
}

function renderDashboard(auth: ReturnType<typeof controlledAuth>, path = '/programme/dashboard') {
  renderWithAuth(auth, path);
}

function stubDashboard(userName: string) {
  return stubApi({
    '/api/v1/dashboard/': () => Response.json(createDashboard({ user_name: userName })),
    '/api/v1/auth/user-flow-status': () => Response.json(createFlowStatus()),
    '/api/v1/programmes/current': () => Response.json({ detail: 'none' }, { status: 404 }),
  });
}

const apiCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => typeof url === 'string' && url.startsWith('/api/'));

describe('the page shown from kept data', () => {
  beforeEach(() => {
    setSelectedIdpType('auth0');
  });

  it('shows the member’s kept page before the sign-in SDK has started, then the fresh answers', async () => {
    keepPriyasDashboard();
    storeSdkSession('auth0|priya');
    const fetchMock = stubDashboard('Fresh Priya');
    const auth = controlledAuth();
    renderDashboard(auth);

    expect(await screen.findByText('Welcome back, Kept Priya!')).toBeVisible();
    // Nothing is asked of the API before there is a token.
    expect(apiCalls(fetchMock)).toEqual([]);

    auth.signIn(PRIYA);

    expect(await screen.findByText('Welcome back, Fresh Priya!')).toBeVisible();
    const dashboardCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/dashboard/');
    expect(new Headers(dashboardCall?.[1]?.headers).get('Authorization')).toBe('Bearer fake-access-token');
    await waitFor(() =>
      expect(getQuerySnapshot()?.entries).toContainEqual({
        key: ['dashboard'],
        data: expect.objectContaining({ user_name: 'Fresh Priya' }),
        date: toDayKey(),
      }),
    );
  });

  it('asks for the mood on the API’s answer only, not on the kept one', async () => {
    keepPriyasDashboard();
    const kept = getQuerySnapshot()!;
    setQuerySnapshot({
      ...kept,
      entries: kept.entries.map((entry) =>
        entry.key[1] === 'user-flow-status' ? { ...entry, data: createFlowStatus({ needs_mood_entry: true }) } : entry,
      ),
    });
    storeSdkSession('auth0|priya');
    stubApi({
      '/api/v1/dashboard/': () => Response.json(createDashboard({ user_name: 'Fresh Priya' })),
      '/api/v1/auth/user-flow-status': () => Response.json(createFlowStatus({ needs_mood_entry: false })),
    });
    const auth = controlledAuth();
    renderDashboard(auth);
    expect(await screen.findByText('Welcome back, Kept Priya!')).toBeVisible();
    // Time enough for the prompt's chunk to load, were it to open.
    await expect(
      screen.findByRole('dialog', { name: 'How are you feeling today?' }, { timeout: 1500 }),
    ).rejects.toThrow();

    auth.signIn(PRIYA);

    expect(await screen.findByText('Welcome back, Fresh Priya!')).toBeVisible();
    await waitFor(() =>
      expect(getQuerySnapshot()?.entries).toContainEqual(
        expect.objectContaining({
          key: ['auth', 'user-flow-status'],
          data: createFlowStatus({ needs_mood_entry: false }),
        }),
      ),
    );
    expect(screen.queryByRole('dialog', { name: 'How are you feeling today?' })).not.toBeInTheDocument();
  });

  it('shows the kept habit on the check-in, but the form only from today’s log fetched now', async () => {
    const habit = createHabit({ id: 'h1', name: 'Purposeful meetings', description: 'State the outcome first.' });
    keepPriyasDashboard();
    const kept = getQuerySnapshot()!;
    setQuerySnapshot({
      ...kept,
      entries: [
        ...kept.entries,
        { key: ['habits', 'h1', 'log', 'today'], data: createTodayLog(habit), date: toDayKey() },
      ],
    });
    storeSdkSession('auth0|priya');
    stubApi({ '/api/v1/habits/h1/log/today': () => Response.json(createTodayLog(habit)) });
    const auth = controlledAuth();
    renderDashboard(auth, '/programme/habit-track/h1');

    expect(await screen.findByRole('heading', { level: 2, name: 'Purposeful meetings' })).toBeVisible();
    expect(screen.getByText('State the outcome first.')).toBeVisible();
    expect(screen.getByText("Loading today's check-in...")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes completed' })).not.toBeInTheDocument();

    auth.signIn(PRIYA);

    expect(await screen.findByRole('button', { name: 'Yes completed' })).toBeVisible();
  });

  it('never shows the kept page when the SDK holds someone else’s session', async () => {
    keepPriyasDashboard();
    storeSdkSession('auth0|bob');
    stubDashboard('Bob Jones');
    const auth = controlledAuth();
    renderDashboard(auth);

    expect(await screen.findByText('Loading authentication...')).toBeVisible();
    auth.signIn(BOB);

    expect(await screen.findByText('Welcome back, Bob Jones!')).toBeVisible();
    expect(screen.queryByText(/Kept Priya/)).not.toBeInTheDocument();
    await waitFor(() => expect(getQuerySnapshot()?.account).toBe('auth0:auth0|bob'));
    expect(JSON.stringify(getQuerySnapshot())).not.toContain('Kept Priya');
  });

  it('never shows kept data of another day', async () => {
    keepPriyasDashboard('2020-01-01');
    storeSdkSession('auth0|priya');
    stubDashboard('Fresh Priya');
    renderDashboard(controlledAuth());

    expect(await screen.findByText('Loading authentication...')).toBeVisible();
    expect(screen.queryByText(/Kept Priya/)).not.toBeInTheDocument();
  });

  it('drops the kept page at once when the session turns out to be someone else’s', async () => {
    keepPriyasDashboard();
    storeSdkSession('auth0|priya');
    stubDashboard('Bob Jones');
    const auth = controlledAuth();
    renderDashboard(auth);
    expect(await screen.findByText('Welcome back, Kept Priya!')).toBeVisible();

    auth.signIn(BOB);

    await waitFor(() => expect(screen.queryByText(/Kept Priya/)).not.toBeInTheDocument());
    expect(await screen.findByText('Welcome back, Bob Jones!')).toBeVisible();
    expect(JSON.stringify(getQuerySnapshot())).not.toContain('Kept Priya');
  });

  it('shows the Login screen and forgets the kept data when nobody is signed in after all', async () => {
    keepPriyasDashboard();
    storeSdkSession('auth0|priya');
    const fetchMock = stubDashboard('Fresh Priya');
    const auth = controlledAuth();
    renderDashboard(auth);
    expect(await screen.findByText('Welcome back, Kept Priya!')).toBeVisible();

    auth.signIn(null);

    expect(await screen.findByRole('button', { name: 'Login with HabiTrack Account' })).toBeVisible();
    expect(screen.queryByText(/Kept Priya/)).not.toBeInTheDocument();
    // Storage is cleared by an effect of that same render (PersistedSession hands the account, none,
    // to the persister), which React may run just after the Login screen is in the document.
    await waitFor(() => expect(getQuerySnapshot()).toBeNull());
    // No token was asked for without a session, so no sign-in popup either.
    for (const [, init] of apiCalls(fetchMock)) expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('forgets the kept data on logout', async () => {
    keepPriyasDashboard();
    storeSdkSession('auth0|priya');
    stubDashboard('Fresh Priya');
    const auth = controlledAuth();
    renderDashboard(auth);
    auth.signIn(PRIYA);
    expect(await screen.findByText('Welcome back, Fresh Priya!')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(auth.calls.logout).toBe(1);
    expect(getQuerySnapshot()).toBeNull();
  });
});
