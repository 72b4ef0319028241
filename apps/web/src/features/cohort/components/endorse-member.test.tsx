import { ENDORSE_ONCE_PER_DAY } from '@habitrack/contracts/social/endorse-member';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { ENDORSE_FAILED, ENDORSEMENT_MESSAGE } from '../api/endorse-member.ts';
import { createCohort, createEndorsement } from '../testing/factories.ts';
import { cellOf, findRowOf, PATH, rowOf } from '../testing/leaderboard-queries.ts';
import { callsTo, endorseBodies, MEMBERS_URL, stubCohortApi } from '../testing/stub-cohort-api.ts';
import { ALREADY_ENDORSED } from '../utils/endorse-state.ts';
import { isMarkedEndorsed } from '../utils/endorsement-marks.ts';

const endorseButton = (name: string) => within(rowOf(name)).getByRole('button', { name: `Endorse ${name}` });
const endorsedButton = (name: string) => within(rowOf(name)).getByRole('button', { name: `Endorsed ${name}` });

// A server that remembers: after a successful POST the list says endorsed today, one more.
function stubRememberingServer(members: TCohortMember[], target: TCohortMember) {
  let endorsed = false;
  const fetchMock = stubCohortApi({
    members: () =>
      Response.json(
        endorsed
          ? members.map((m) =>
              m === target ? { ...m, endorsed_today: true, total_endorsements: m.total_endorsements + 1 } : m,
            )
          : members,
      ),
    endorse: () => {
      endorsed = true;
      return Response.json(createEndorsement(target), { status: 201 });
    },
  });
  return fetchMock;
}

describe('endorsing a cohort mate', { timeout: 20_000 }, () => {
  let alert: MockInstance<typeof window.alert>;
  beforeEach(() => {
    alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  });
  afterEach(() => alert.mockRestore());

  it('posts the praise, then reads Endorsed with one more endorsement, and remembers it', async () => {
    const { members, aisha, priya } = createCohort();
    const fetchMock = stubRememberingServer(members, aisha);
    renderRoute(PATH);

    await findRowOf('Aisha Okoye');
    await userEvent.click(endorseButton('Aisha Okoye'));

    const button = await within(rowOf('Aisha Okoye')).findByRole('button', { name: 'Endorsed Aisha Okoye' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ALREADY_ENDORSED);
    expect(cellOf(rowOf('Aisha Okoye'), 'Endorsements')).toHaveTextContent('4');
    expect(endorseBodies(fetchMock)).toEqual([
      ['POST', { endorsed_user_id: aisha.user.id, message: ENDORSEMENT_MESSAGE }],
    ]);
    expect(isMarkedEndorsed({ endorserId: priya.user.id, endorsedId: aisha.user.id })).toBe(true);
    // Then the list is fetched again so it matches the server, which agrees.
    await waitFor(() => expect(callsTo(fetchMock, MEMBERS_URL)).toHaveLength(2));
    expect(cellOf(rowOf('Aisha Okoye'), 'Endorsements')).toHaveTextContent('4');
    expect(endorsedButton('Aisha Okoye')).toBeDisabled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('counts the endorsement at once, before the server has answered', async () => {
    const { members, tom } = createCohort();
    let answer: (response: Response) => void = () => {};
    stubCohortApi({ members, endorse: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute(PATH);

    await findRowOf('Tom Gallagher');
    await userEvent.click(endorseButton('Tom Gallagher'));
    expect(
      await within(rowOf('Tom Gallagher')).findByRole('button', { name: 'Endorsed Tom Gallagher' }),
    ).toBeDisabled();
    expect(cellOf(rowOf('Tom Gallagher'), 'Endorsements')).toHaveTextContent('8');
    // Only the endorsed mate changes.
    expect(endorseButton('Aisha Okoye')).toBeEnabled();
    answer(Response.json(createEndorsement(tom), { status: 201 }));
  });

  it('sends one endorsement for a quick double click', async () => {
    const { members, aisha } = createCohort();
    const fetchMock = stubRememberingServer(members, aisha);
    renderRoute(PATH);

    await findRowOf('Aisha Okoye');
    // Both clicks before React re-renders the button.
    const button = endorseButton('Aisha Okoye');
    fireEvent.click(button);
    fireEvent.click(button);

    expect(await within(rowOf('Aisha Okoye')).findByRole('button', { name: 'Endorsed Aisha Okoye' })).toBeDisabled();
    await waitFor(() => expect(callsTo(fetchMock, MEMBERS_URL)).toHaveLength(2));
    expect(endorseBodies(fetchMock)).toHaveLength(1);
    expect(cellOf(rowOf('Aisha Okoye'), 'Endorsements')).toHaveTextContent('4');
    expect(alert).not.toHaveBeenCalled();
  });

  it("alerts the server's reason and turns back to Endorse when refused", async () => {
    const { members } = createCohort();
    stubCohortApi({ members, endorse: () => Response.json({ detail: ENDORSE_ONCE_PER_DAY }, { status: 409 }) });
    renderRoute(PATH);

    await findRowOf('Aisha Okoye');
    await userEvent.click(endorseButton('Aisha Okoye'));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(ENDORSE_ONCE_PER_DAY));
    expect(await within(rowOf('Aisha Okoye')).findByRole('button', { name: 'Endorse Aisha Okoye' })).toBeEnabled();
    expect(cellOf(rowOf('Aisha Okoye'), 'Endorsements')).toHaveTextContent('3');
  });

  it('alerts the generic message when the server gives no reason', async () => {
    const { members } = createCohort();
    stubCohortApi({ members, endorse: () => new Response('Bad Gateway', { status: 502 }) });
    renderRoute(PATH);

    await findRowOf('Tom Gallagher');
    await userEvent.click(endorseButton('Tom Gallagher'));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(ENDORSE_FAILED));
    expect(ENDORSE_FAILED).toBe('Error endorsing member. Please try again.');
    expect(await within(rowOf('Tom Gallagher')).findByRole('button', { name: 'Endorse Tom Gallagher' })).toBeEnabled();
    expect(cellOf(rowOf('Tom Gallagher'), 'Endorsements')).toHaveTextContent('7');
  });

  it('alerts the generic message when offline, and saves no mark', async () => {
    const { members, aisha, priya } = createCohort();
    const fetchMock = stubCohortApi({ members });
    renderRoute(PATH);
    await findRowOf('Aisha Okoye');
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));

    await userEvent.click(endorseButton('Aisha Okoye'));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(ENDORSE_FAILED));
    expect(await within(rowOf('Aisha Okoye')).findByRole('button', { name: 'Endorse Aisha Okoye' })).toBeEnabled();
    expect(isMarkedEndorsed({ endorserId: priya.user.id, endorsedId: aisha.user.id })).toBe(false);
  });
});
