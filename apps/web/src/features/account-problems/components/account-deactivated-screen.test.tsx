import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render-screen.tsx';

describe('Account deactivated screen', () => {
  it('says the account is deactivated, that nothing is lost, and who can reactivate it', () => {
    renderScreen({ reason: 'account_deactivated', email: 'sam@example.com' });

    expect(screen.getByRole('heading', { level: 1, name: 'Your account has been deactivated' })).toHaveFocus();
    expect(screen.getByText('sam@example.com')).toBeVisible();
    expect(screen.getByText(/deactivated your HabiTrack account/)).toBeVisible();
    expect(screen.getByText(/history has been kept/)).toBeVisible();
    expect(screen.getByText(/contact your programme administrator/)).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('signs out, the only thing left to do', async () => {
    const { onSignOut } = renderScreen({ reason: 'account_deactivated', email: null });

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
