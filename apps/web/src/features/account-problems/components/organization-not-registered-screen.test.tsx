import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render-screen.tsx';

const reason = 'organization_not_registered';

describe('Organization Not Registered screen', () => {
  it('names the organization derived from the e-mail and explains what that means', () => {
    renderScreen({ reason, email: 'pat@globex.example' });

    expect(screen.getByRole('heading', { level: 1, name: 'Globex is not yet registered' })).toBeInTheDocument();
    expect(screen.getByText('pat@globex.example')).toBeInTheDocument();
    expect(
      screen.getByText(/Globex has not signed up for HabiTrack's workplace habit and culture programmes/),
    ).toBeInTheDocument();
  });

  it('prefers the organization it is given', () => {
    renderScreen({ reason, email: 'pat@globex.example', organization: 'Globex Corporation' });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Globex Corporation is not yet registered' }),
    ).toBeInTheDocument();
  });

  it('says "Your organization" when there is no e-mail to derive a name from', () => {
    renderScreen({ reason, email: null });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Your organization is not yet registered' }),
    ).toBeInTheDocument();
  });

  it('gives three hints and a promotional block', () => {
    renderScreen({ reason, email: 'pat@globex.example' });

    const hints = screen.getAllByRole('listitem');
    expect(hints).toHaveLength(3);
    expect(hints[0]).toHaveTextContent(/HR or Learning & Development/);
    expect(hints[1]).toHaveTextContent(/programme manager/);
    expect(hints[2]).toHaveTextContent(/corporate email address/);
    expect(screen.getByRole('heading', { level: 2, name: /science-based habit formation/i })).toBeInTheDocument();
    expect(screen.getByText(/teams and organizations/i)).toBeInTheDocument();
  });

  it('opens the marketing site in a new tab and says so', () => {
    renderScreen({ reason, email: 'pat@globex.example' });

    const link = screen.getByRole('link', { name: 'Learn More About HabiTrack' });
    expect(link).toHaveAttribute('href', 'https://habitrack.app');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleDescription('Opens in a new tab');
  });

  it('signs out on Try Different Account, so the Login screen comes next', async () => {
    const { onSignOut } = renderScreen({ reason, email: 'pat@globex.example' });

    await userEvent.click(screen.getByRole('button', { name: 'Try Different Account' }));

    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
