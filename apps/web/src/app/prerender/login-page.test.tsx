import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuth } from '../../test/fake-auth.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { activateLocale } from '../../lib/i18n/i18n.ts';
import type { TSupportedLocale } from '../../lib/i18n/locales.ts';
import { renderLoginPage } from './login-page.tsx';

function parse(markup: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = markup;
  const main = template.content.querySelector('main');
  if (!main) throw new Error('the prerendered markup has no <main>');
  return main;
}

const buttons = (main: HTMLElement) =>
  [...main.querySelectorAll('button')].map((button) => [button.textContent, button.disabled]);

describe('the Login screen prerendered for the HTML the server sends', () => {
  // The page a visitor first sees must be the screen the app then shows: the same texts, buttons and
  // language menu, in the same language, so replacing one with the other changes nothing on screen.
  it.each<TSupportedLocale>(['en-GB', 'de-DE', 'ar'])('matches the live Login screen in %s', async (locale) => {
    const prerendered = await renderLoginPage(locale, { azure_ad: true, auth0: true }, 'HabiTrack');
    await activateLocale(locale);
    stubApi();
    renderRoute('/login', { auth: createFakeAuth({ user: null }) });
    await screen.findByRole('heading', { level: 1 });
    const live = document.querySelector('main')!;

    const page = parse(prerendered.markup);
    expect(page.textContent).toBe(live.textContent);
    expect(buttons(page)).toEqual(buttons(live));
    expect(page.querySelector('select')?.querySelector('option[selected]')?.getAttribute('value')).toBe(locale);
    expect(prerendered.lang).toBe(locale);
    expect(prerendered.dir).toBe(document.documentElement.dir);
  });

  it('disables the button of a sign-in service the deployment does not offer', async () => {
    const azureOnly = parse((await renderLoginPage('de-DE', { azure_ad: true, auth0: false }, 'HabiTrack')).markup);
    expect(buttons(azureOnly)).toEqual([
      ['Mit Firmenkonto anmelden', false],
      ['Mit Google anmeldenDemnächst', true],
      ['Mit HabiTrack-Konto anmelden', true],
    ]);
    const none = parse((await renderLoginPage('en-GB', { azure_ad: false, auth0: false }, 'HabiTrack')).markup);
    expect(buttons(none).map(([, disabled]) => disabled)).toEqual([true, true, true]);
  });
});
