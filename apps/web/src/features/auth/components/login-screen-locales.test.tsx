import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { createFakeAuth } from '../../../test/fake-auth.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { stubApi } from '../../../test/stub-api.ts';

const signedOut = () => createFakeAuth({ user: null });

describe('Login screen in other languages', () => {
  it('shows the German texts in de-DE', async () => {
    await activateLocale('de-DE');
    stubApi();
    renderRoute('/', { auth: signedOut() });

    expect(await screen.findByRole('heading', { name: 'Willkommen bei HabiTrack' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mit Firmenkonto anmelden' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Mit Google anmelden/ })).toHaveTextContent('Demnächst');
    expect(screen.getByText(/Nutzungsbedingungen und der Datenschutzerklärung von HabiTrack/)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de-DE');
    expect(document.documentElement).toHaveAttribute('lang', 'de-DE');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('switches to Arabic from the language menu at once: right to left, and kept for next time', async () => {
    stubApi();
    const auth = signedOut();
    renderRoute('/', { auth });

    const menu = await screen.findByRole('combobox', { name: 'Language' });
    expect(within(menu).getAllByRole('option')).toHaveLength(9);
    await userEvent.selectOptions(menu, 'ar');

    expect(await screen.findByRole('heading', { name: 'مرحبًا بك في HabiTrack' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول بحساب الشركة' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(JSON.parse(localStorage.getItem('locale') ?? 'null')).toBe('ar');
    // A change of language is not a sign-in.
    expect(auth.calls.login).toEqual([]);
    expect(auth.calls.reload).toBe(0);
  });

  it('shows every text of the page from the catalog in the pseudo-locale', async () => {
    await activateLocale('pseudo-LOCALE');
    stubApi();
    renderRoute('/', { auth: signedOut() });

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).not.toBe('Welcome to HabiTrack');
    expect(heading).toHaveTextContent('HabiTrack');
    // Every text on the page is pseudo-localised: none reads as the English source any more.
    for (const english of ['Login with Corporate Account', 'Coming Soon', 'Login with HabiTrack Account', 'Language']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });
});
