import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  callsTo,
  createFlowStatus,
  DASHBOARD_URL,
  RECORD_URL,
  SKIP_URL,
  stubMoodApi,
} from '../testing/stub-mood-api.ts';

const PATH = '/programme/dashboard';
const TITLE = 'How are you feeling today?';

async function dashboardShown() {
  await screen.findByText('Welcome back, Priya Sharma!');
}

describe('mood prompt on the dashboard', () => {
  it('asks with five options and Skip for today when today has no mood', async () => {
    stubMoodApi();
    renderRoute(PATH);

    const dialog = within(await screen.findByRole('dialog', { name: TITLE }));
    for (const [i, label] of ['Awful', 'Not good', 'Fine', 'Good', 'Great'].entries()) {
      const button = dialog.getByRole('button', { name: label });
      expect(button).toBeEnabled();
      // Each option shows its face drawn by the app (no emoji font needed), beside its name.
      const face = button.querySelector('svg');
      expect(face).toHaveAttribute('data-mood', String(i + 1));
      expect(face).toHaveAttribute('aria-hidden', 'true');
      expect(button.textContent).toBe(label);
    }
    expect(dialog.getByRole('button', { name: 'Skip for today' })).toBeEnabled();
  });

  it.each([
    ['no mood is needed', createFlowStatus({ needs_mood_entry: false })],
    ['the member is still onboarding', createFlowStatus({ navigation_path: 'onboarding' })],
  ])('is not shown when %s', async (_case, flow) => {
    stubMoodApi({ flow });
    renderRoute(PATH);

    await dashboardShown();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });

  it('records the chosen mood, closes and reloads the dashboard', async () => {
    const fetchMock = stubMoodApi();
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Good' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    const [[, init]] = callsTo(fetchMock, RECORD_URL) as [[unknown, RequestInit]];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ mood_value: 4 });
    await waitFor(() => expect(callsTo(fetchMock, DASHBOARD_URL)).toHaveLength(2));
    expect(callsTo(fetchMock, SKIP_URL)).toHaveLength(0);
  });

  it('records a skip, closes and reloads the dashboard', async () => {
    const fetchMock = stubMoodApi();
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Skip for today' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, SKIP_URL)).toHaveLength(1);
    expect(callsTo(fetchMock, SKIP_URL)[0]?.[1]?.method).toBe('POST');
    await waitFor(() => expect(callsTo(fetchMock, DASHBOARD_URL)).toHaveLength(2));
    expect(callsTo(fetchMock, RECORD_URL)).toHaveLength(0);
  });

  it.each([
    ['save', 'Great', { record: () => Response.json({ detail: 'boom' }, { status: 500 }) }],
    ['skip', 'Skip for today', { skip: () => Promise.reject(new TypeError('Failed to fetch')) }],
  ] as const)('stays open when the %s fails, and only logs it', async (_case, button, responders) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubMoodApi(responders);
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: button }));
    const dialog = within(screen.getByRole('dialog', { name: TITLE }));
    expect(await dialog.findByRole('alert')).toHaveTextContent("We couldn't save your answer");
    expect(consoleError).toHaveBeenCalledWith('Could not save the mood entry', expect.anything());
    expect(dialog.getByRole('button', { name: 'Good' })).toBeEnabled();
    consoleError.mockRestore();
  });

  it('closes when today already has a mood (409), recorded elsewhere', async () => {
    stubMoodApi({ record: () => Response.json({ detail: 'Already recorded today' }, { status: 409 }) });
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Fine' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
  });
});
