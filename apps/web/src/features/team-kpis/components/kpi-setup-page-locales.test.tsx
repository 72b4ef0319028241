import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createGoal } from '../testing/factories.ts';
import { PATH } from '../testing/page-helpers.ts';
import { stubKpiApi } from '../testing/stub-kpi-api.ts';

describe('Team leader KPI setup in other languages', { timeout: 20_000 }, () => {
  it('shows the German texts in de-DE', async () => {
    await activateLocale('de-DE');
    stubKpiApi({ goals: [createGoal({ title: 'Grow revenue', sequence_order: 0 })] });
    renderRoute(PATH);

    expect(await screen.findByRole('button', { name: 'Abteilungen und KPIs speichern' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Abteilungen und KPIs' })).toBeVisible();
    const department = within(screen.getByRole('group', { name: /^Abteilung 1/ }));
    expect(department.getByLabelText('Team')).toHaveValue('');
    expect(department.getByLabelText('Ziel hinzufügen')).toBeVisible();
    expect(department.getByRole('option', { name: 'Ziel auswählen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'KPI-Werte' })).toBeVisible();
  });
});
