import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { stubTermsApi } from '../testing/stub-terms-api.ts';

const accepted = () => Response.json({ has_accepted_terms: true, accepted_at: '2025-09-01T08:00:00.000Z' });

async function openTerms() {
  return screen.findByRole('dialog', { name: 'Terms and privacy' });
}

describe('terms and privacy modal', () => {
  it('posts both acceptances, re-checks the flow and continues with the decision', async () => {
    const api = stubTermsApi();
    const { router } = renderRoute('/');
    await openTerms();
    expect(api.flowCalls()).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/intro'));
    expect(api.acceptCalls()).toEqual([['POST', { accept_terms: true, accept_privacy: true }]]);
    expect(api.flowCalls()).toBe(2);
    expect(screen.queryByRole('dialog', { name: 'Terms and privacy' })).not.toBeInTheDocument();
  });

  it('shows a loading state while the acceptance is being sent', async () => {
    let answer: (response: Response) => void = () => {};
    stubTermsApi({ accept: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderRoute('/');
    await openTerms();

    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Accept & Continue' })).toHaveAttribute('data-loading'),
    );
    expect(screen.getByRole('button', { name: 'Accept & Continue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline & Logout' })).toBeDisabled();
    answer(accepted());
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/intro'));
  });

  it('alerts and stays open when accepting fails', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubTermsApi({ accept: () => Response.json({ detail: 'database down' }, { status: 503 }) });
    const { router } = renderRoute('/');
    await openTerms();

    await userEvent.click(screen.getByRole('button', { name: 'Accept & Continue' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error accepting terms. Please try again.'));
    expect(screen.getByRole('dialog', { name: 'Terms and privacy' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept & Continue' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/');
    expect(api.flowCalls()).toBe(1);
    error.mockRestore();
  });

  it('logs out on decline, without accepting anything', async () => {
    const api = stubTermsApi();
    const { auth } = renderRoute('/');
    await openTerms();

    await userEvent.click(screen.getByRole('button', { name: 'Decline & Logout' }));

    expect(auth.calls.logout).toBe(1);
    expect(api.acceptCalls()).toEqual([]);
  });
});
