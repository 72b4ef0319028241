import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeAuth } from '../../../test/fake-auth.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { stubNotificationsApi, unsubscribeUrl } from '../testing/stub-notifications-api.ts';

const TOKEN = '0b8f5a52-4c1e-4d43-9b8a-3c2d1e0f9a11.daily_reminder.signature';
const signedOut = () => createFakeAuth({ user: null });

describe('unsubscribe page (from an e-mail, no sign-in)', () => {
  it('asks first, then turns off the one kind of e-mail, for someone not signed in', async () => {
    const api = stubNotificationsApi({
      answers: {
        [`GET ${unsubscribeUrl(TOKEN)}`]: () => Response.json({ kind: 'daily_reminder', subscribed: true }),
        [`POST ${unsubscribeUrl(TOKEN)}`]: () => Response.json({ kind: 'daily_reminder', subscribed: false }),
      },
    });
    const { auth } = renderRoute(`/notifications/unsubscribe?token=${encodeURIComponent(TOKEN)}`, {
      auth: signedOut(),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from daily reminders?' })).toBeVisible();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    expect(screen.getByText('You will no longer get daily reminder e-mails. Nothing else has changed.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'e-mail settings' })).toHaveAttribute('href', '/settings/notifications');
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.authorization])).toEqual([[unsubscribeUrl(TOKEN), null]]);
    // Nobody was sent to sign in.
    expect(auth.calls.login).toEqual([]);
  });

  it('says so at once when that e-mail is already off', async () => {
    stubNotificationsApi({
      answers: {
        [`GET ${unsubscribeUrl(TOKEN)}`]: () => Response.json({ kind: 'weekly_summary', subscribed: false }),
      },
    });
    renderRoute(`/notifications/unsubscribe?token=${encodeURIComponent(TOKEN)}`, { auth: signedOut() });

    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    expect(screen.getByText(/no longer get weekly summary e-mails/)).toBeVisible();
  });

  it("shows the server's reason for a link it refuses, and a way into the app", async () => {
    stubNotificationsApi({
      answers: {
        [`GET ${unsubscribeUrl('forged')}`]: () =>
          Response.json(
            { detail: 'This unsubscribe link is not valid: it may have been changed or cut short.' },
            { status: 400 },
          ),
      },
    });
    renderRoute('/notifications/unsubscribe?token=forged', { auth: signedOut() });

    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('it may have been changed or cut short');
    expect(screen.getByRole('link', { name: 'Open HabiTrack' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('explains a link without its token', async () => {
    stubNotificationsApi();
    renderRoute('/notifications/unsubscribe', { auth: signedOut() });

    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  });
});
