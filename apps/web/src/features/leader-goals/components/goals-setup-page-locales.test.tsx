import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createGoal } from '../testing/factories.ts';
import { stubGoalsApi } from '../testing/stub-goals-api.ts';

describe('Leader goals setup in other languages', { timeout: 20_000 }, () => {
  it('shows the German texts in de-DE', async () => {
    await activateLocale('de-DE');
    stubGoalsApi({ goals: [createGoal({ title: 'Grow revenue', sequence_order: 0 })] });
    renderRoute('/leader/goals-setup');

    expect(await screen.findByRole('heading', { level: 1, name: 'Unternehmensziele' })).toBeVisible();
    const goal = within(await screen.findByRole('group', { name: 'Ziel 1' }));
    expect(goal.getByLabelText('Titel')).toHaveValue('Grow revenue');
    expect(goal.getByLabelText('Beschreibung (optional)')).toHaveValue('');
    expect(goal.getByRole('button', { name: 'Ziel 1 entfernen' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Ziele speichern' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Ziel hinzufügen' })).toBeEnabled();
  });
});
