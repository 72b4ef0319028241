import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createPreferences, PREFERENCES_URL, stubNotificationsApi } from '../testing/stub-notifications-api.ts';

const PATH = '/settings/notifications';

async function openForm() {
  return within(await screen.findByRole('form', { name: 'E-mail notifications' }));
}

describe('notification settings page', () => {
  it('shows everything off until the member turns it on, in their time zone', async () => {
    stubNotificationsApi();
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const form = await openForm();
    expect(form.getByRole('switch', { name: /Daily reminder/ })).not.toBeChecked();
    expect(form.getByRole('switch', { name: /Weekly summary/ })).not.toBeChecked();
    expect(form.getByRole('combobox', { name: /Reminder time/ })).toHaveValue('08:00');
    expect(form.getByText('In your time zone, Europe/London.')).toBeVisible();
  });

  it('turns the reminder on at a chosen 15-minute time, and the weekly summary, and says it is saved', async () => {
    const api = stubNotificationsApi();
    renderRoute(PATH);
    const form = await openForm();

    await userEvent.click(form.getByRole('switch', { name: /Daily reminder/ }));
    const time = form.getByRole('combobox', { name: /Reminder time/ });
    const options = within(time).getAllByRole('option');
    expect(options).toHaveLength(96);
    expect(options.map((o) => o.textContent).slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(options.at(-1)).toHaveTextContent('23:45');
    await userEvent.selectOptions(time, '07:45');
    await userEvent.click(form.getByRole('switch', { name: /Weekly summary/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Your settings are saved.')).toBeVisible();
    const puts = api.calls.filter((c) => c.method === 'PUT' && c.url === PREFERENCES_URL);
    expect(puts.map((c) => c.body)).toEqual([
      { daily_reminder: { enabled: true, time: '07:45' }, weekly_summary: { enabled: true } },
    ]);
    expect(form.getByRole('switch', { name: /Daily reminder/ })).toBeChecked();
  });

  it('shows saved settings, and turns the reminder off keeping its time', async () => {
    const api = stubNotificationsApi({
      preferences: createPreferences({
        daily_reminder: { enabled: true, time: '21:30' },
        time_zone: 'Pacific/Auckland',
      }),
    });
    renderRoute(PATH);
    const form = await openForm();

    expect(form.getByRole('switch', { name: /Daily reminder/ })).toBeChecked();
    expect(form.getByRole('combobox', { name: /Reminder time/ })).toHaveValue('21:30');
    expect(form.getByText('In your time zone, Pacific/Auckland.')).toBeVisible();
    await userEvent.click(form.getByRole('switch', { name: /Daily reminder/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.saved().daily_reminder).toEqual({ enabled: false, time: '21:30' }));
  });

  it("shows the server's reason when a save is refused", async () => {
    stubNotificationsApi({
      answers: {
        [`PUT ${PREFERENCES_URL}`]: () =>
          Response.json(
            { detail: 'Invalid request: body.daily_reminder.time must be a time of day in 15-minute steps' },
            { status: 400 },
          ),
      },
    });
    renderRoute(PATH);
    const form = await openForm();
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('must be a time of day in 15-minute steps');
    expect(screen.queryByText('Your settings are saved.')).not.toBeInTheDocument();
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    let failing = true;
    stubNotificationsApi({
      answers: {
        [`GET ${PREFERENCES_URL}`]: () =>
          failing ? Response.json({ detail: 'down' }, { status: 503 }) : Response.json(createPreferences()),
      },
    });
    renderRoute(PATH);

    expect(await screen.findByText("We couldn't load your settings")).toBeVisible();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'E-mail notifications' })).toBeVisible();
  });
});
