import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { renderScreen } from '../testing/render-screen.tsx';

describe('account-problem screens in other languages', () => {
  it('shows the Organization Not Registered screen in German, the account in bold inside the sentence', async () => {
    await activateLocale('de-DE');
    renderScreen({ reason: 'organization_not_registered', email: 'pat@globex.example' });

    expect(screen.getByRole('heading', { level: 1, name: 'Globex ist noch nicht registriert' })).toHaveFocus();
    expect(screen.getByText('pat@globex.example').parentElement).toHaveTextContent('Angemeldet als pat@globex.example');
    expect(screen.getByRole('heading', { level: 2, name: 'Was Sie tun können' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Anderes Konto verwenden' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Mehr über HabiTrack erfahren' })).toHaveAccessibleDescription(
      'Wird in einem neuen Tab geöffnet',
    );
  });

  it('puts the account where Japanese puts it, before the words', async () => {
    await activateLocale('ja-JP');
    renderScreen({ reason: 'user_not_registered', email: 'pat@globex.example' });

    expect(screen.getByText('pat@globex.example').parentElement).toHaveTextContent(
      'pat@globex.example としてログイン中',
    );
  });
});
