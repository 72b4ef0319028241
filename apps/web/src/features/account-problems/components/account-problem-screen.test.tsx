import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render-screen.tsx';
import type { AccountProblemReason } from '../types.ts';

const headings: [AccountProblemReason, string][] = [
  ['no_account', 'No Account Found'],
  ['user_not_registered', "Your account isn't set up yet"],
  ['tenant_not_authorized', "Your organization's sign-in isn't enabled yet"],
  ['organization_not_registered', 'Globex is not yet registered'],
  ['account_deactivated', 'Your account has been deactivated'],
];

describe('AccountProblemScreen', () => {
  it.each(headings)('shows the %s screen as a main landmark with one focused h1', (reason, heading) => {
    renderScreen({ reason, email: 'pat@globex.example' });

    const main = screen.getByRole('main');
    const h1 = within(main).getByRole('heading', { level: 1, name: heading });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(h1).toHaveAttribute('tabindex', '-1');
    expect(h1).toHaveFocus();
  });

  it.each(headings)('gives every control on the %s screen an accessible name', (reason) => {
    renderScreen({ reason, email: 'pat@globex.example' });

    const controls = [...screen.getAllByRole('button'), ...screen.queryAllByRole('link')];
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) expect(control).toHaveAccessibleName();
  });

  it.each(headings)('shows the e-mail on the %s screen only when there is one', (reason) => {
    const { unmount } = renderScreen({ reason, email: 'pat@globex.example' });
    expect(screen.getByText('pat@globex.example')).toBeInTheDocument();
    unmount();

    renderScreen({ reason, email: null, organization: 'Globex' });
    expect(screen.queryByText(/signed in as/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/@/)).not.toBeInTheDocument();
  });

  it('shows a preferred username in place of an e-mail', () => {
    renderScreen({ reason: 'user_not_registered', email: 'pat.smith' });

    expect(screen.getByText('pat.smith')).toBeInTheDocument();
  });

  it('tells an unregistered user who can add them', () => {
    renderScreen({ reason: 'user_not_registered', email: 'pat@globex.example' });

    expect(screen.getByText(/your organization uses HabiTrack/i)).toBeInTheDocument();
    expect(screen.getByText(/HR department or programme administrator to add you/i)).toBeInTheDocument();
  });

  it('tells a user from an unauthorised tenant who can fix it', () => {
    renderScreen({ reason: 'tenant_not_authorized', email: 'pat@globex.example' });

    expect(screen.getByText(/hasn't been authorised for HabiTrack/i)).toBeInTheDocument();
    expect(screen.getByText(/IT administrator or programme administrator/i)).toBeInTheDocument();
  });

  it.each(['user_not_registered', 'tenant_not_authorized'] as const)(
    'signs a user on the %s screen out on Try Different Account, to pick another account',
    async (reason) => {
      const { onSignOut } = renderScreen({ reason, email: 'pat@globex.example' });

      await userEvent.click(screen.getByRole('button', { name: 'Try Different Account' }));

      expect(onSignOut).toHaveBeenCalledTimes(1);
    },
  );
});
