import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  callsTo,
  createPage,
  createReceived,
  FIRST_PAGE_URL,
  pageUrl,
  PATH,
  SEEN_URL,
  stubEndorsementsApi,
} from '../testing/stub-endorsements-api.ts';

const heading = () => screen.findByRole('heading', { level: 1, name: 'Endorsements' });
const cards = async () =>
  within(await screen.findByRole('list', { name: 'Endorsements you received' })).getAllByRole('listitem');

describe('endorsements received page', { timeout: 20_000 }, () => {
  it('shows who endorsed the member, when and the message, newest first, marking the new ones', async () => {
    const newest = createReceived({
      endorser: { id: crypto.randomUUID(), full_name: 'Bo Chen' },
      message: 'Thanks for listening so well in our one-to-one.',
      endorsed_on: '2026-11-21',
      created_at: '2026-11-21T09:30:00.000Z',
    });
    const older = createReceived({ endorsed_on: '2026-11-02', created_at: '2026-11-02T08:00:00.000Z' });
    const fetchMock = stubEndorsementsApi({
      [FIRST_PAGE_URL]: createPage({
        items: [newest, older],
        total: 2,
        seen_at: '2026-11-10T00:00:00.000Z',
        new_since_last_visit: 1,
      }),
    });
    renderRoute(PATH);
    await heading();

    const [first, second] = await cards();
    expect(within(first!).getByText('Bo Chen')).toBeVisible();
    expect(within(first!).getByText('Thanks for listening so well in our one-to-one.')).toBeVisible();
    expect(within(first!).getByText('Saturday 21 November 2026')).toHaveAttribute('datetime', newest.created_at);
    expect(within(first!).getByText('New')).toBeVisible();
    expect(within(second!).getByText('Ada Lovelace')).toBeVisible();
    expect(within(second!).getByText('Monday 2 November 2026')).toBeVisible();
    expect(within(second!).queryByText('New')).toBeNull();
    expect(screen.getByText('2 endorsements from your cohort · 1 new since your last visit')).toBeVisible();

    // Opening the page marks them seen up to the newest shown; the marks stay for this visit.
    await waitFor(() => expect(callsTo(fetchMock, SEEN_URL)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, SEEN_URL)[0]!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ newest_seen_id: newest.id });
    expect(within(first!).getByText('New')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/programme/dashboard');
  });

  it('marks nothing when nothing arrived since the last visit', async () => {
    const only = createReceived({ created_at: '2026-11-02T08:00:00.000Z' });
    const fetchMock = stubEndorsementsApi({
      [FIRST_PAGE_URL]: createPage({ items: [only], seen_at: only.created_at, new_since_last_visit: 0 }),
    });
    renderRoute(PATH);
    expect(await cards()).toHaveLength(1);
    expect(screen.getByText('1 endorsement from your cohort')).toBeVisible();
    expect(screen.queryByText('New')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, SEEN_URL)).toHaveLength(0);
  });

  it('shows more, page by page, until the last one', async () => {
    const page1 = Array.from({ length: 2 }, (_, i) =>
      createReceived({ endorser: { id: crypto.randomUUID(), full_name: `Sender ${i + 1}` } }),
    );
    const page2 = [createReceived({ endorser: { id: crypto.randomUUID(), full_name: 'Sender 3' } })];
    stubEndorsementsApi({
      [FIRST_PAGE_URL]: createPage({ items: page1, next_cursor: 'next+page/1', total: 3 }),
      [pageUrl('next+page/1')]: createPage({ items: page2, total: 3 }),
    });
    renderRoute(PATH);
    expect(await cards()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await cards()).toHaveLength(3));
    expect(screen.getByText('Sender 3')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says so when nobody has endorsed the member yet', async () => {
    const fetchMock = stubEndorsementsApi({ [FIRST_PAGE_URL]: createPage() });
    renderRoute(PATH);
    expect(
      await screen.findByText(
        'No endorsements yet. When a cohort mate endorses you, you will see who and their message here.',
      ),
    ).toBeVisible();
    expect(callsTo(fetchMock, SEEN_URL)).toHaveLength(0);
  });

  it('shows a loading state, then an error with a retry that recovers', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubEndorsementsApi({
      [FIRST_PAGE_URL]: () =>
        fail
          ? Response.json({ detail: 'boom' }, { status: 500 })
          : Response.json(createPage({ items: [createReceived()], seen_at: '2026-12-01T00:00:00.000Z' })),
    });
    renderRoute(PATH);
    expect(await screen.findByRole('status', { name: 'Loading your endorsements...' })).toBeVisible();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load your endorsements")).toBeVisible();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await cards()).toHaveLength(1);
  });
});
