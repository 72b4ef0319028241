import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SetupForm } from '../components/ui/setup-form.tsx';
import { HttpError } from './http.ts';
import { SetupSaveError, useSetupSave } from './use-setup-save.ts';
import { i18n } from './i18n/i18n.ts';

type TPlan = { names: string[] };
type TOptions = {
  startsAt?: string | null;
  saving?: boolean;
  plan?: () => { ok: true; plan: TPlan } | { ok: false; message: string };
  save?: (plan: TPlan) => Promise<unknown>;
};

// A setup form as the leaders' forms build one: the shared hook and frame around one field.
function WidgetForm({ startsAt = null, saving = false, plan, save }: TOptions) {
  const form = useSetupSave({
    startsAt,
    saving,
    plan: plan ?? (() => ({ ok: true, plan: { names: ['a'] } })),
    save: save ?? (() => Promise.resolve()),
    saveFailed: 'Error saving widgets. Please try again.',
    what: 'the widgets',
  });
  return (
    <>
      <h1 id="heading">Widgets</h1>
      <SetupForm
        labelledBy="heading"
        onSubmit={form.submit}
        intro="Set your widgets."
        notice={{
          startsAt,
          started: form.started,
          readOnlyTitle: 'Widgets are read-only',
          afterStart: (date: string) => `The programme started on ${date}. Widgets can no longer be changed.`,
          beforeStart: 'Change them until the start.',
        }}
        failure={{ title: 'The widgets were not saved', detail: form.serverDetail }}
        submit={{ label: 'Save widgets', savingLabel: 'Saving widgets...', saving, disabled: form.locked }}
      >
        <input aria-label="Widget name" disabled={form.locked} />
      </SetupForm>
    </>
  );
}

function renderForm(options: TOptions = {}) {
  const router = createMemoryRouter(
    [
      { path: '/setup', element: <WidgetForm {...options} /> },
      { path: '/programme/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: ['/setup'] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nProvider>,
  );
  return router;
}

const stubAlert = () => vi.spyOn(window, 'alert').mockImplementation(() => {});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a setup form (useSetupSave with SetupForm)', () => {
  it('is named by its heading, saves the plan and goes on to the dashboard, which reloads', async () => {
    const save = vi.fn(() => Promise.resolve());
    const router = renderForm({ save });

    expect(screen.getByRole('form', { name: 'Widgets' })).toHaveTextContent('Set your widgets.');
    await userEvent.click(screen.getByRole('button', { name: 'Save widgets' }));

    expect(save).toHaveBeenCalledWith({ names: ['a'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/dashboard'));
    expect(router.state.location.search).toBe('?refresh=1');
  });

  it('says what to fix, and saves nothing, when the drafts cannot be saved', async () => {
    const alert = stubAlert();
    const save = vi.fn(() => Promise.resolve());
    const router = renderForm({ save, plan: () => ({ ok: false, message: 'Please add a widget' }) });

    await userEvent.click(screen.getByRole('button', { name: 'Save widgets' }));

    expect(alert).toHaveBeenCalledWith('Please add a widget');
    expect(save).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it("alerts the failed save's own message and keeps the server's reason in view", async () => {
    const alert = stubAlert();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new SetupSaveError('Error deleting widget. Please try again.', {
      cause: new HttpError(409, 'The programme has started'),
    });
    const router = renderForm({ save: () => Promise.reject(failure) });

    await userEvent.click(screen.getByRole('button', { name: 'Save widgets' }));

    expect(alert).toHaveBeenCalledWith('Error deleting widget. Please try again.');
    expect(await screen.findByRole('alert')).toHaveTextContent('The widgets were not saved');
    expect(screen.getByRole('alert')).toHaveTextContent('The programme has started');
    expect(error).toHaveBeenCalledWith('Saving the widgets failed', failure);
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('alerts the general message, with no reason to show, for any other failure', async () => {
    const alert = stubAlert();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForm({ save: () => Promise.reject(new TypeError('Failed to fetch')) });

    await userEvent.click(screen.getByRole('button', { name: 'Save widgets' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error saving widgets. Please try again.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is locked while saving', () => {
    renderForm({ saving: true });

    expect(screen.getByRole('button', { name: 'Saving widgets...' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Widget name' })).toBeDisabled();
  });

  it('is locked, and submitting does nothing, once the programme has started', async () => {
    const save = vi.fn(() => Promise.resolve());
    renderForm({ startsAt: '2024-01-15T09:00:00.000Z', save });

    expect(screen.getByRole('note')).toHaveTextContent('Widgets are read-only');
    expect(screen.getByRole('button', { name: 'Save widgets' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Widget name' })).toBeDisabled();
    // A submit that gets through anyway (the Enter key in a field, say) saves nothing.
    screen.getByRole<HTMLFormElement>('form', { name: 'Widgets' }).requestSubmit();
    await Promise.resolve();
    expect(save).not.toHaveBeenCalled();
  });
});
