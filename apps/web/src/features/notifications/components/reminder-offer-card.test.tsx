import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createPreferences, PREFERENCES_URL, stubNotificationsApi } from '../testing/stub-notifications-api.ts';

const DASHBOARD = '/programme/dashboard';
const offer = () => screen.findByRole('region', { name: 'Get a daily reminder' });

describe("the dashboard's offer of a daily reminder", () => {
  it('offers the reminder to a member who has none, and leads to the settings', async () => {
    stubNotificationsApi();
    const { router } = renderRoute(DASHBOARD);

    const card = within(await offer());
    expect(card.getByText(/on days when a habit still has no check-in/)).toBeVisible();
    await userEvent.click(card.getByRole('link', { name: 'Set up a reminder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/notifications'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  });

  it('is dismissed with Not now, remembered on the server with the settings unchanged', async () => {
    const api = stubNotificationsApi({ preferences: createPreferences({ weekly_summary: { enabled: true } }) });
    renderRoute(DASHBOARD);

    await userEvent.click(within(await offer()).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get a daily reminder' })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'PUT' && c.url === PREFERENCES_URL).map((c) => c.body)).toEqual([
      {
        daily_reminder: { enabled: false, time: '08:00' },
        weekly_summary: { enabled: true },
        reminder_offer_dismissed: true,
      },
    ]);
  });

  it.each([
    ['the reminder is on', createPreferences({ daily_reminder: { enabled: true, time: '08:00' } })],
    ['the offer was dismissed', createPreferences({ reminder_offer_dismissed: true })],
  ])('is not shown when %s', async (_, preferences) => {
    const api = stubNotificationsApi({ preferences });
    renderRoute(DASHBOARD);

    expect(await screen.findByText('Welcome back, Priya Sharma!')).toBeVisible();
    await waitFor(() => expect(api.calls.some((c) => c.url === PREFERENCES_URL)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Get a daily reminder' })).not.toBeInTheDocument();
  });

  it('stays out of the way when the settings cannot be read', async () => {
    stubNotificationsApi({
      answers: { [`GET ${PREFERENCES_URL}`]: () => Response.json({ detail: 'x' }, { status: 500 }) },
    });
    renderRoute(DASHBOARD);

    expect(await screen.findByText('Welcome back, Priya Sharma!')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Get a daily reminder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
