import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort } from '../testing/factories.ts';
import { PATH } from '../testing/leaderboard-queries.ts';
import { endorseBodies, stubCohortApi } from '../testing/stub-cohort-api.ts';
import { CARDS_QUERY } from './leaderboard.tsx';

// A phone: the only media query that matches is the leaderboard's narrow one.
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === CARDS_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('the cohort leaderboard on a phone', { timeout: 20_000 }, () => {
  it('shows one card per member, in rank order, with every figure named', async () => {
    onPhone();
    const { members } = createCohort();
    stubCohortApi({ members });
    renderRoute(PATH);

    const board = await screen.findByRole('list', { name: 'Cohort leaderboard' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(board).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      '1. Aisha Okoye',
      '2. Tom Gallagher',
      '3. Priya Sharma',
      '4. Sam Patel',
    ]);

    const tom = within(cards[1]!);
    expect(tom.getByText('Daily Check-ins')).toBeVisible();
    expect(tom.getByText('and 1 other habit')).toBeVisible();
    expect(tom.getByRole('progressbar', { name: 'Average progress over 2 active habits' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    const figures = Object.fromEntries(
      tom.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({ Streak: '1 day', Days: '20 days', Endorsements: '7' });
    expect(within(cards[2]!).getByText('You')).toBeVisible();
  });

  it('endorses from a card', async () => {
    onPhone();
    const { members, aisha } = createCohort();
    const fetchMock = stubCohortApi({
      members,
      endorse: () => Response.json({ endorsed_user_id: aisha.user.id, total_endorsements: 4 }, { status: 201 }),
    });
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Endorse Aisha Okoye' }));

    expect(endorseBodies(fetchMock)).toEqual([['POST', expect.objectContaining({ endorsed_user_id: aisha.user.id })]]);
  });
});
