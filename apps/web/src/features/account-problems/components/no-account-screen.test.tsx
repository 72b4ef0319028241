import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render-screen.tsx';

describe('No Account Found screen', () => {
  // The texts of docs/domain/screens.md#no-account-found.
  it('shows the documented title, heading and explanation', () => {
    renderScreen({ reason: 'no_account', email: 'sam@example.com' });

    expect(screen.getByText('Welcome to the product')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'No Account Found' })).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText(/don't have a HabiTrack account/)).toBeInTheDocument();
    expect(screen.getByText(/enterprise habit-tracking platform/)).toBeInTheDocument();
    expect(screen.getByText(/contact your HR department or programme administrator/)).toBeInTheDocument();
  });

  it("links to the provider's marketing site", () => {
    renderScreen({ reason: 'no_account', email: null }, 'Acme Habits');

    const link = screen.getByRole('link', { name: 'Learn More About Acme Habits' });
    expect(link).toHaveAttribute('href', 'https://habitrack.app');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('names the link after HabiTrack by default', () => {
    renderScreen({ reason: 'no_account', email: null });

    expect(screen.getByRole('link', { name: 'Learn More About HabiTrack' })).toBeInTheDocument();
  });

  it('signs out on Try Again, so the Login screen comes next', async () => {
    const { onSignOut } = renderScreen({ reason: 'no_account', email: 'sam@example.com' });

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
