import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createHistory, USER_HABIT_ID } from '../testing/factories.ts';
import { bodiesSent, stubJourneyApi } from '../testing/stub-journey-api.ts';

const PATH = `/programme/habits/${USER_HABIT_ID}/history`;
const HISTORY_URL = `/api/v1/habits/${USER_HABIT_ID}/history`;
const LOG_URL = `/api/v1/habits/${USER_HABIT_ID}/log`;
const PAUSES_URL = `/api/v1/habits/${USER_HABIT_ID}/pauses`;

// By label: role queries compute every button's name, slow on a calendar of 63 days.
const day = (name: string) => screen.getByLabelText(name, { selector: 'button' });
const details = () => screen.getByRole('region', { name: /2026/ });

describe('Habit history', { timeout: 20_000 }, () => {
  it('shows every day of the frame with its state in words, and the figures beside it', async () => {
    stubJourneyApi({ [HISTORY_URL]: () => Response.json(createHistory()) });
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 2, name: 'Active Listening' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Habit history' })).toBeVisible();
    const grid = screen.getByRole('grid', { name: 'Active Listening: every day of the habit' });
    const buttons = [...grid.querySelectorAll('button')];
    expect(buttons).toHaveLength(63);
    const today = day('Tuesday 10 November 2026, today: not logged yet');
    expect(today.closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
    expect(day('Monday 2 November 2026: Completed')).toHaveTextContent('2✓');
    expect(day("Tuesday 3 November 2026: Didn't do it")).toHaveTextContent('3✕');
    expect(day('Friday 20 November 2026: Paused')).toHaveTextContent('20‖');
    expect(day('Monday 9 November 2026: Not logged')).toHaveTextContent('9–');
    expect(day('Wednesday 11 November 2026: Still to come')).toBeVisible();
    // One tab stop for the whole calendar: the selected day.
    expect(
      within(grid)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toEqual([today]);
    // The key says what each mark means.
    const key = screen.getByRole('list', { name: 'Key' });
    expect(key).toHaveTextContent("✓ Completed✕ Didn't do it‖ Paused– Not logged○ Today");

    const figures = screen.getByRole('region', { name: 'Your figures' });
    expect(figures).toHaveTextContent('Current streak0 days');
    expect(figures).toHaveTextContent('Best streak4 days');
    expect(figures).toHaveTextContent('Completed6/60 days');
    expect(figures).toHaveTextContent('Habit strength: 22/100');
    expect(within(figures).getByRole('progressbar', { name: 'Active Listening strength' })).toHaveAttribute(
      'aria-valuenow',
      '22',
    );
    expect(screen.getByText('1 Nov 2026 to 2 Jan 2027 (3 paused days added)')).toBeVisible();
  });

  it("moves through the days with the keyboard and shows the selected day's note and change", async () => {
    stubJourneyApi({ [HISTORY_URL]: () => Response.json(createHistory()) });
    renderRoute(PATH);
    const today = await screen.findByLabelText(/^Tuesday 10 November 2026, today/, { selector: 'button' });

    today.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(day('Monday 9 November 2026: Not logged')).toHaveFocus();
    expect(details()).toHaveAccessibleName('Monday 9 November 2026');
    await userEvent.keyboard('{ArrowUp}');
    expect(day('Monday 2 November 2026: Completed')).toHaveFocus();
    expect(details()).toHaveTextContent('Positive change: Trust');
    expect(details()).toHaveTextContent('Note: Asked before answering');
    expect(details()).toHaveTextContent('Only today and the two days before it can be logged or changed.');
    await userEvent.keyboard('{ArrowRight}');
    expect(details()).toHaveTextContent("Didn't do it");
    expect(details()).toHaveTextContent('Note: Travelling');
    await userEvent.keyboard('{End}');
    expect(day('Sunday 8 November 2026: Completed')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(day('Monday 2 November 2026: Completed')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(day('Sunday 1 November 2026: Completed')).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    expect(day('Sunday 29 November 2026: Still to come')).toHaveFocus();
    // Only the focused day is in the tab order, so Tab leaves the calendar.
    expect(day('Sunday 29 November 2026: Still to come')).toHaveAttribute('tabindex', '0');
    expect(day('Sunday 1 November 2026: Completed')).toHaveAttribute('tabindex', '-1');
  });

  it('logs the day before yesterday, starting from what the day holds, and shows the new figures', async () => {
    let history = createHistory();
    const fetchMock = stubJourneyApi({
      [HISTORY_URL]: () => Response.json(history),
      [`POST ${LOG_URL}`]: () => {
        history = createHistory({ days_completed: 5, best_streak: 3, strength: 20 });
        return Response.json(
          {
            id: crypto.randomUUID(),
            user_habit_id: USER_HABIT_ID,
            habit_id: history.habit_id,
            log_date: '2026-11-08',
            log_type: 'skipped',
            note: 'Long meetings',
            positive_change_id: null,
          },
          { status: 200 },
        );
      },
    });
    renderRoute(PATH);

    await userEvent.click(await screen.findByLabelText('Sunday 8 November 2026: Completed', { selector: 'button' }));
    const form = within(details());
    expect(form.getByText('Did you practise this habit on Sunday 8 November 2026?')).toBeVisible();
    expect(form.getByRole('button', { name: 'Yes completed' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(form.getByRole('button', { name: "No didn't do it" }));
    await userEvent.type(form.getByRole('textbox', { name: 'Notes (optional)' }), 'Long meetings');
    await userEvent.click(form.getByRole('button', { name: 'Save this day' }));

    expect(await form.findByText('Saved. Your streak and progress are up to date.')).toBeVisible();
    expect(bodiesSent(fetchMock, 'POST', LOG_URL)).toEqual([
      { log_type: 'skipped', log_date: '2026-11-08', note: 'Long meetings' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Your figures' })).toHaveTextContent('Completed5/60 days'),
    );
  });

  it("says why a day cannot be logged, and shows the server's reason when a save is refused", async () => {
    stubJourneyApi({
      [HISTORY_URL]: () => Response.json(createHistory()),
      [`POST ${LOG_URL}`]: () =>
        Response.json(
          { detail: 'A check-in can be at most 2 days late: you can log today and the 2 days before it.' },
          { status: 409 },
        ),
    });
    renderRoute(PATH);

    await userEvent.click(await screen.findByLabelText('Friday 20 November 2026: Paused', { selector: 'button' }));
    expect(details()).toHaveTextContent('Paused days are not logged');
    expect(within(details()).queryByRole('button', { name: 'Save this day' })).not.toBeInTheDocument();

    await userEvent.click(day('Tuesday 10 November 2026, today: not logged yet'));
    const form = within(details());
    expect(form.getByRole('button', { name: 'Save this day' })).toBeDisabled();
    await userEvent.click(form.getByRole('button', { name: 'Yes completed' }));
    expect(form.getByRole('combobox', { name: 'Positive change (optional)' })).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Save this day' }));
    expect(await form.findByRole('alert')).toHaveTextContent('at most 2 days late');
  });

  it('pauses the habit for a range of days and cancels a pause', async () => {
    const fetchMock = stubJourneyApi({
      [HISTORY_URL]: () => Response.json(createHistory()),
      [`POST ${PAUSES_URL}`]: (init) => {
        const body = JSON.parse(String(init?.body)) as { from: string; to: string };
        if (body.to > '2026-11-30') {
          return Response.json(
            { detail: 'A habit can be paused for at most 14 days per frame; 11 days are left.' },
            { status: 409 },
          );
        }
        return Response.json(
          {
            id: crypto.randomUUID(),
            user_habit_id: USER_HABIT_ID,
            ...body,
            cancellable: true,
            frame_ends_on: '2027-01-04',
          },
          { status: 201 },
        );
      },
      [`DELETE ${PAUSES_URL}/5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9`]: () => new Response(null, { status: 204 }),
    });
    renderRoute(PATH);

    const pauses = await screen.findByRole('region', { name: 'Pauses' });
    expect(pauses).toHaveTextContent('11 pause days left of 14');
    const form = within(within(pauses).getByRole('form', { name: 'Pause this habit' }));
    fireEvent.change(form.getByLabelText(/First paused day/), { target: { value: '2026-11-12' } });
    fireEvent.change(form.getByLabelText(/Last paused day/), { target: { value: '2026-11-13' } });
    await userEvent.click(form.getByRole('button', { name: 'Pause habit' }));
    expect(await form.findByText('Paused. Your habit now ends on 4 Jan 2027.')).toBeVisible();
    expect(bodiesSent(fetchMock, 'POST', PAUSES_URL)).toEqual([{ from: '2026-11-12', to: '2026-11-13' }]);

    fireEvent.change(form.getByLabelText(/Last paused day/), { target: { value: '2026-12-31' } });
    await userEvent.click(form.getByRole('button', { name: 'Pause habit' }));
    expect(await form.findByRole('alert')).toHaveTextContent('at most 14 days per frame; 11 days are left');

    await userEvent.click(within(pauses).getByRole('button', { name: 'Cancel the pause 20 Nov 2026 to 22 Nov 2026' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
  });

  it("says so when the habit is not one of the member's", async () => {
    stubJourneyApi({
      [HISTORY_URL]: () => Response.json({ detail: 'This habit is not one of yours.' }, { status: 404 }),
    });
    renderRoute(PATH);
    expect(await screen.findByText("We couldn't find this habit")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/programme/dashboard');
  });
});
