import type { TMeResponse } from '@habitrack/contracts/auth/get-me';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { createMe } from '../../test/stub-api.ts';
import { stubFetch } from '../../test/stub-fetch.ts';
import { createWebConfig } from '../../test/web-config.ts';

const PATH = '/settings/notifications';
const LOCALE_URL = '/api/v1/me/locale';

type Call = { method: string; url: string; body: unknown };

// The server at the HTTP boundary: the account answer follows what PUT /me/locale saved, as the
// real server's does; `put` may answer otherwise (a refusal, a late answer).
function stubServer(options: {
  me?: Partial<TMeResponse>;
  put?: (body: { locale: string | null }) => Promise<Response>;
}) {
  let me = createMe({ locale: 'en-GB', chosen_locale: null, ...options.me });
  const calls: Call[] = [];
  stubFetch(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (url === '/config.json') return Response.json(createWebConfig());
    if (url === '/api/v1/auth/me') return Response.json(me);
    if (url === '/api/v1/me/notification-preferences' && method === 'GET') {
      return Response.json({
        daily_reminder: { enabled: false, time: '08:00' },
        weekly_summary: { enabled: false },
        reminder_offer_dismissed: false,
        time_zone: 'Europe/London',
      });
    }
    if (url === LOCALE_URL && method === 'PUT') {
      if (options.put) return options.put(body);
      // What the server resolves "Automatic" to here: the directory's German.
      const answer = { locale: body.locale ?? 'de-DE', chosen_locale: body.locale };
      me = { ...me, ...answer };
      return Response.json(answer);
    }
    return Response.json({ detail: `no stub for ${method} ${url}` }, { status: 404 });
  });
  return { calls, puts: () => calls.filter((c) => c.url === LOCALE_URL).map((c) => c.body) };
}

const languageMenu = async (name = 'Language of HabiTrack') => screen.findByRole('combobox', { name });

describe('the language in the settings', () => {
  it('offers Automatic and each language in its own name, Automatic selected while the member chose none', async () => {
    stubServer({});
    renderRoute(PATH);
    const menu = await languageMenu();
    expect(menu).toHaveValue('');
    const options = within(menu).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Automatic',
      'English (UK)',
      'English (US)',
      'Deutsch',
      'Français',
      'Español',
      'Português (Brasil)',
      'Nederlands',
      '日本語',
      'العربية',
    ]);
    expect(screen.getByRole('region', { name: 'Language' })).toBeVisible();
  });

  it('shows the chosen language at once, before the server answers, then keeps it', async () => {
    let answer: (response: Response) => void = () => {};
    const server = stubServer({ put: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute(PATH);
    await userEvent.selectOptions(await languageMenu(), 'de-DE');

    // Not answered yet: the page is already German, right to left is not involved.
    expect(await screen.findByRole('combobox', { name: 'Sprache von HabiTrack' })).toHaveValue('de-DE');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de-DE'));
    expect(server.puts()).toEqual([{ locale: 'de-DE' }]);

    answer(Response.json({ locale: 'de-DE', chosen_locale: 'de-DE' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sprache von HabiTrack' })).toHaveValue('de-DE'));
    expect(JSON.parse(localStorage.getItem('locale') ?? 'null')).toBe('de-DE');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to the language shown before and says so when the choice cannot be saved', async () => {
    stubServer({
      me: { locale: 'en-GB', chosen_locale: 'en-GB' },
      put: async () => Response.json({ detail: 'Something went wrong on our side.' }, { status: 500 }),
    });
    renderRoute(PATH);
    await userEvent.selectOptions(await languageMenu(), 'ar');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't save your language. Check your connection and try again.",
    );
    expect(await languageMenu()).toHaveValue('en-GB');
    expect(document.documentElement).toHaveAttribute('lang', 'en-GB');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('clears the choice with Automatic, then reads what the server resolves', async () => {
    const server = stubServer({ me: { locale: 'fr-FR', chosen_locale: 'fr-FR' } });
    renderRoute(PATH);
    const menu = await languageMenu('Langue de HabiTrack');
    expect(menu).toHaveValue('fr-FR');
    await userEvent.selectOptions(menu, '');
    expect(await languageMenu('Sprache von HabiTrack')).toHaveValue('');
    expect(server.puts()).toEqual([{ locale: null }]);
    expect(document.documentElement).toHaveAttribute('lang', 'de-DE');
  });
});

describe('the language after sign-in', () => {
  it("follows the server's language for the member: Arabic, right to left", async () => {
    const server = stubServer({ me: { locale: 'ar', chosen_locale: null } });
    renderRoute(PATH);
    expect(await languageMenu('لغة HabiTrack')).toHaveValue('');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(server.puts()).toEqual([]);
  });

  it('saves a language picked on the sign-in page to an account that has none, once', async () => {
    localStorage.setItem('locale', JSON.stringify('ja-JP'));
    localStorage.setItem('locale-from-sign-in', JSON.stringify('ja-JP'));
    const server = stubServer({ me: { locale: 'de-DE', chosen_locale: null } });
    renderRoute(PATH);
    expect(await languageMenu('HabiTrack の言語')).toHaveValue('ja-JP');
    expect(server.puts()).toEqual([{ locale: 'ja-JP' }]);
    expect(document.documentElement).toHaveAttribute('lang', 'ja-JP');
    expect(localStorage.getItem('locale-from-sign-in')).toBeNull();
  });

  it("keeps the account's own choice over a language picked on the sign-in page", async () => {
    localStorage.setItem('locale-from-sign-in', JSON.stringify('ja-JP'));
    const server = stubServer({ me: { locale: 'nl-NL', chosen_locale: 'nl-NL' } });
    renderRoute(PATH);
    expect(await languageMenu('Taal van HabiTrack')).toHaveValue('nl-NL');
    expect(document.documentElement).toHaveAttribute('lang', 'nl-NL');
    expect(server.puts()).toEqual([]);
    expect(localStorage.getItem('locale-from-sign-in')).toBeNull();
  });
});
