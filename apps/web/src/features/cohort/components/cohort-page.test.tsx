import { NO_ACTIVE_HABITS_TO_ENDORSE } from '@habitrack/contracts/social/endorse-member';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort, createCohortMember, createDashboard } from '../testing/factories.ts';
import { cellOf, findRowOf, memberNames, PATH, rowOf } from '../testing/leaderboard-queries.ts';
import { DASHBOARD_URL, stubCohortApi } from '../testing/stub-cohort-api.ts';
import { ALREADY_ENDORSED } from '../utils/endorse-state.ts';
import { saveEndorsedMark } from '../utils/endorsement-marks.ts';

function expectDisabledWithReason(button: HTMLElement, reason: string) {
  expect(button).toBeDisabled();
  expect(button).toHaveAccessibleDescription(reason);
  expect(screen.getAllByText(reason).some((text) => text.id === button.getAttribute('aria-describedby'))).toBe(true);
}

// Generous: jsdom's accessible-name lookups over table rows are slow on a busy CI machine.

// A paragraph whose whole text is `text`, its parts in elements of their own.
const paragraph = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

describe('Cohort leaderboard', { timeout: 20_000 }, () => {
  it("shows every member's numbers in the server's order", async () => {
    const { members } = createCohort();
    stubCohortApi({ members });
    renderRoute(PATH);

    const aisha = await findRowOf('Aisha Okoye');
    expect(screen.getByRole('heading', { level: 1, name: 'Cohort' })).toBeVisible();
    expect(memberNames()).toEqual(['Aisha Okoye', 'Tom Gallagher', 'Priya Sharma', 'Sam Patel']);
    expect(cellOf(aisha, 'Rank')).toHaveTextContent('1');
    expect(cellOf(aisha, 'Current habit')).toHaveTextContent('Active Listening');
    expect(within(aisha).getByRole('progressbar', { name: /^Average progress/ })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    expect(cellOf(aisha, 'Average progress')).toHaveTextContent('45%');
    expect(cellOf(aisha, 'Streak')).toHaveTextContent('9 days');
    expect(cellOf(aisha, 'Days')).toHaveTextContent('12 days');
    expect(cellOf(aisha, 'Endorsements')).toHaveTextContent('3');

    // The first active habit is the current one; days are that habit's.
    const tom = rowOf('Tom Gallagher');
    expect(cellOf(tom, 'Current habit')).toHaveTextContent('Daily Check-ins');
    expect(cellOf(tom, 'Days')).toHaveTextContent('20 days');
    expect(cellOf(rowOf('Sam Patel'), 'Current habit')).toHaveTextContent('No active habit');
  });

  it("keeps the server's rank order even where progress alone would sort differently", async () => {
    // Equal progress: the server breaks the tie by streak, then name.
    const first = createCohortMember({ user: { full_name: 'Zoe Long Streak' }, rank: 1, current_streak: 9 });
    const second = createCohortMember({ user: { full_name: 'Adam Short Streak' }, rank: 2, current_streak: 2 });
    stubCohortApi({ members: [first, second] });
    renderRoute(PATH);

    await findRowOf('Zoe Long Streak');
    expect(memberNames()).toEqual(['Zoe Long Streak', 'Adam Short Streak']);
  });

  it('marks the signed-in member with You, and shows job title or else role', async () => {
    const { members } = createCohort();
    stubCohortApi({ members });
    renderRoute(PATH);

    const priya = await findRowOf('Priya Sharma');
    expect(within(cellOf(priya, 'Member')).getByText('You')).toBeVisible();
    expect(screen.getAllByText('You', { exact: true })).toHaveLength(1);
    expect(cellOf(priya, 'Member')).toHaveTextContent('Senior Engineer');
    expect(cellOf(rowOf('Aisha Okoye'), 'Member')).toHaveTextContent('People Partner');
    expect(cellOf(rowOf('Tom Gallagher'), 'Member')).toHaveTextContent('Team Leader');
    expect(cellOf(rowOf('Sam Patel'), 'Member')).toHaveTextContent(/Member$/);
  });

  it('names the cohort, its size and my rank under the heading', async () => {
    const { members } = createCohort();
    const dashboard = createDashboard({ name: 'Cohort Aurora', member_count: 4, my_rank: 3 });
    stubCohortApi({ members, extra: { [DASHBOARD_URL]: () => Response.json(dashboard) } });
    renderRoute(PATH);

    const line = await screen.findByText(paragraph("Cohort Aurora · 4 members · You're ranked #3 of 4"));
    expect(line).toBeVisible();
    // Each part isolated, so a Latin name keeps its place in a right-to-left sentence.
    expect([...line.querySelectorAll('bdi')].map((part) => part.textContent)).toEqual([
      'Cohort Aurora',
      '4 members',
      "You're ranked #3 of 4",
    ]);
  });

  it('leaves the name out when the dashboard cannot be had', async () => {
    const { members } = createCohort();
    stubCohortApi({ members, extra: { [DASHBOARD_URL]: () => Response.json({ detail: 'down' }, { status: 503 }) } });
    renderRoute(PATH);

    expect(await screen.findByText(paragraph("4 members · You're ranked #3 of 4"))).toBeVisible();
  });

  it('offers Endorse on mates only, disabled with its reason where it cannot be used', async () => {
    const { members, tom } = createCohort();
    tom.endorsed_today = true;
    stubCohortApi({ members });
    renderRoute(PATH);

    const aishaRow = await findRowOf('Aisha Okoye');
    expect(within(aishaRow).getByRole('button', { name: 'Endorse Aisha Okoye' })).toBeEnabled();
    expect(within(rowOf('Priya Sharma')).queryByRole('button')).not.toBeInTheDocument();
    expectDisabledWithReason(
      within(rowOf('Sam Patel')).getByRole('button', { name: 'Endorse Sam Patel' }),
      NO_ACTIVE_HABITS_TO_ENDORSE,
    );
    expectDisabledWithReason(
      within(rowOf('Tom Gallagher')).getByRole('button', { name: 'Endorsed Tom Gallagher' }),
      ALREADY_ENDORSED,
    );
  });

  it('keeps Endorse disabled for someone this member endorsed today on this device', async () => {
    const { members, aisha, priya } = createCohort();
    saveEndorsedMark({ endorserId: priya.user.id, endorsedId: aisha.user.id });
    stubCohortApi({ members });
    renderRoute(PATH);

    const row = await findRowOf('Aisha Okoye');
    expectDisabledWithReason(within(row).getByRole('button', { name: 'Endorsed Aisha Okoye' }), ALREADY_ENDORSED);
  });

  it("ignores another person's mark on a shared device", async () => {
    const { members, aisha } = createCohort();
    saveEndorsedMark({ endorserId: crypto.randomUUID(), endorsedId: aisha.user.id });
    stubCohortApi({ members });
    renderRoute(PATH);

    expect(within(await findRowOf('Aisha Okoye')).getByRole('button', { name: 'Endorse Aisha Okoye' })).toBeEnabled();
  });

  it('goes back to the dashboard', async () => {
    stubCohortApi({ members: createCohort().members });
    const { router } = renderRoute(PATH);

    await userEvent.click(await screen.findByRole('link', { name: 'Back to Dashboard' }));
    // Once the dashboard's code has arrived (a lazy route).
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
  });

  it('shows a skeleton while loading, then an empty state for an empty cohort', async () => {
    let answer: (response: Response) => void = () => {};
    stubCohortApi({ members: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute(PATH);

    expect(await screen.findByRole('status', { name: 'Loading your cohort...' })).toBeVisible();
    answer(Response.json([]));
    expect(await screen.findByText('Nobody is in your cohort yet.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says so when the member is not in a cohort (the server's 404)", async () => {
    const detail = 'You are not in a cohort yet. Your programme administrator adds you to one.';
    stubCohortApi({ members: () => Response.json({ detail }, { status: 404 }) });
    renderRoute(PATH);

    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reports a refusal (4xx) with a retry instead of sample data', async () => {
    let attempts = 0;
    const { members } = createCohort();
    stubCohortApi({
      members: () => {
        attempts += 1;
        return attempts === 1 ? Response.json({ detail: 'No' }, { status: 403 }) : Response.json(members);
      },
    });
    renderRoute(PATH);

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your cohort");
    expect(screen.queryByText(/sample data/i)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findRowOf('Aisha Okoye')).toBeVisible();
  });
});
