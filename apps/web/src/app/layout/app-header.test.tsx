import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFlowStatus } from '../../features/flow/testing/factories.ts';
import { createProgramme } from '../../features/programme-intro/testing/create-programme.ts';
import { getSelectedIdpType, setSelectedIdpType } from '../../features/auth/utils/sign-in-choice.ts';
import { getHabitLogs, saveHabitLog } from '../../features/check-in/utils/local-habit-logs.ts';
import { isMarkedEndorsed, saveEndorsedMark } from '../../features/cohort/utils/endorsement-marks.ts';
import { hasVisited, markVisited } from '../../features/flow/utils/visited.ts';
import { createFakeAuth, createUser } from '../../test/fake-auth.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { createWebConfig } from '../../test/web-config.ts';

// Any signed-in page has the header; this one loads nothing of its own.
const PAGE = '/no-such-page';
const RESET_URL = '/api/v1/auth/reset-user-data';
const CONFIRM_TEXT = 'Reset user state? This will clear backend onboarding status, terms acceptance, and local data.';

type Responder = () => Response | Promise<Response>;

function stubWithDevTools(routes: Record<string, Responder> = {}) {
  return stubApi({ '/config.json': () => Response.json(createWebConfig({ devTools: true })), ...routes });
}

function stubBrowser({ confirm }: { confirm: boolean }) {
  const reload = vi.fn();
  // jsdom's location cannot be spied on; the whole object can be swapped for the test.
  vi.stubGlobal('location', { ...window.location, reload });
  const confirmMock = vi.fn(() => confirm);
  vi.stubGlobal('confirm', confirmMock);
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  return { reload, confirm: confirmMock, alert };
}

function rememberProgress() {
  markVisited();
  saveHabitLog({ date: '2025-03-01', completed: true, notes: '', habitId: 'h1', positiveChangeId: null });
  saveEndorsedMark({ endorserId: 'u1', endorsedId: 'u2' });
  setSelectedIdpType('auth0');
}

// The developer tools sit in the header's "Demo tools" menu.
async function chooseDemoTool(name: 'Debug' | 'Reset') {
  await userEvent.click(await screen.findByRole('button', { name: 'Demo tools' }));
  await userEvent.click(await screen.findByRole('menuitem', { name }));
}

const resetCalls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.filter(([url]) => url === RESET_URL);

describe('common header', () => {
  it('shows the product, the current programme and the welcome, in a banner', async () => {
    stubApi({
      '/api/v1/programmes/current': () => Response.json(createProgramme({ name: 'Inclusive Leadership 2025' })),
    });
    renderRoute(PAGE);

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('HabiTrack')).toBeVisible();
    expect(await within(banner).findByText('Inclusive Leadership 2025')).toBeVisible();
    expect(within(banner).getByText('Welcome, Priya Sharma')).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('links every signed-in member to their notification settings', async () => {
    stubApi();
    const { router } = renderRoute(PAGE);

    const banner = await screen.findByRole('banner');
    await userEvent.click(within(banner).getByRole('link', { name: 'Notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/notifications'));
  });

  it('names the default programme when the member has none', async () => {
    const fetchMock = stubApi({
      '/api/v1/programmes/current': () => Response.json({ detail: 'none' }, { status: 404 }),
    });
    renderRoute(PAGE);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/v1/programmes/current', expect.anything()));
    expect(await screen.findByText('Leadership Excellence Programme')).toBeVisible();
  });

  it('greets by e-mail when the provider gives no name', async () => {
    stubApi();
    renderRoute(PAGE, { auth: createFakeAuth({ user: createUser({ name: undefined }) }) });

    expect(await screen.findByText('Welcome, priya.sharma@acme.example')).toBeVisible();
  });

  it('hides the demo tools unless developer tools are on', async () => {
    stubApi();
    renderRoute(PAGE);

    expect(await screen.findByRole('button', { name: 'Logout' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Demo tools' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Debug' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
  });

  it('groups Debug and Reset in one demo menu, apart from Logout, reachable by keyboard', async () => {
    stubWithDevTools();
    renderRoute(PAGE);

    const banner = await screen.findByRole('banner');
    const menuButton = await within(banner).findByRole('button', { name: 'Demo tools' });
    // Not buttons of their own beside Logout: only the menu's items.
    expect(within(banner).queryByRole('button', { name: 'Debug' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    menuButton.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // The menu is downloaded on the first press: the button that opens it is the menu's own now.
    const openedButton = within(banner).getByRole('button', { name: 'Demo tools' });
    expect(within(menu).getByRole('menuitem', { name: 'Debug' })).toHaveFocus();
    expect(openedButton).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Debug', 'Reset']);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(openedButton).toHaveAttribute('aria-expanded', 'false');
    expect(openedButton).toHaveFocus();
  });

  it('Debug shows the flow status, the token check and the simple test', async () => {
    const fetchMock = stubWithDevTools({
      '/api/v1/auth/user-flow-status': () => Response.json(createFlowStatus({ navigation_path: 'onboarding' })),
      '/api/v1/auth/debug-token': () => Response.json({ provider: 'auth0', subject: 'auth0|priya' }),
      '/api/v1/auth/simple-test': () => Response.json({ message: 'Authenticated', user_id: 'u1' }),
    });
    renderRoute(PAGE);
    await screen.findByRole('button', { name: 'Demo tools' });
    // Developer calls only when asked for.
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/auth/debug-token', expect.anything());
    await chooseDemoTool('Debug');

    const panel = await screen.findByRole('dialog', { name: 'Debug' });
    expect(await within(panel).findByText(/"navigation_path": "onboarding"/)).toBeVisible();
    expect(await within(panel).findByText(/"subject": "auth0\|priya"/)).toBeVisible();
    expect(await within(panel).findByText(/"message": "Authenticated"/)).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/debug-token', expect.anything());
  });

  it('Reset asks first, resets the server, clears local progress (not the sign-in) and reloads', async () => {
    rememberProgress();
    const browser = stubBrowser({ confirm: true });
    const fetchMock = stubWithDevTools({
      [RESET_URL]: () => Response.json({ detail: 'reset', removed: { habits: 2, logs: 9, mood_entries: 1 } }),
    });
    renderRoute(PAGE);

    await chooseDemoTool('Reset');

    expect(browser.confirm).toHaveBeenCalledWith(CONFIRM_TEXT);
    await waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
    expect(resetCalls(fetchMock).map(([, init]) => init?.method)).toEqual(['POST']);
    expect(hasVisited()).toBe(false);
    expect(getHabitLogs()).toEqual([]);
    expect(isMarkedEndorsed({ endorserId: 'u1', endorsedId: 'u2' })).toBe(false);
    expect(getSelectedIdpType()).toBe('auth0');
  });

  it('Reset does nothing when the confirmation is cancelled', async () => {
    rememberProgress();
    const browser = stubBrowser({ confirm: false });
    const fetchMock = stubWithDevTools();
    renderRoute(PAGE);

    await chooseDemoTool('Reset');

    expect(browser.confirm).toHaveBeenCalledWith(CONFIRM_TEXT);
    expect(resetCalls(fetchMock)).toEqual([]);
    expect(browser.reload).not.toHaveBeenCalled();
    expect(hasVisited()).toBe(true);
    expect(getHabitLogs()).toHaveLength(1);
  });

  it('Reset alerts, logs and keeps local data when the server refuses', async () => {
    rememberProgress();
    const browser = stubBrowser({ confirm: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubWithDevTools({ [RESET_URL]: () => Response.json({ detail: 'database down' }, { status: 503 }) });
    renderRoute(PAGE);

    await chooseDemoTool('Reset');

    await waitFor(() =>
      expect(browser.alert).toHaveBeenCalledWith('Error resetting user state. Check console for details.'),
    );
    expect(error).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ status: 503 }));
    expect(browser.reload).not.toHaveBeenCalled();
    expect(hasVisited()).toBe(true);
    error.mockRestore();
  });
});
