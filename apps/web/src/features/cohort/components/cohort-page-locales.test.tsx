import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort } from '../testing/factories.ts';
import { findRowOf, PATH } from '../testing/leaderboard-queries.ts';
import { stubCohortApi } from '../testing/stub-cohort-api.ts';

describe('Cohort leaderboard in other languages', { timeout: 20_000 }, () => {
  it('shows the German texts in de-DE', async () => {
    await activateLocale('de-DE');
    stubCohortApi({ members: createCohort().members });
    renderRoute(PATH);

    const aisha = await findRowOf('Aisha Okoye');
    expect(screen.getByRole('heading', { level: 1, name: 'Kohorte' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Rangliste der Kohorte' })).toBeVisible();
    for (const column of ['Rang', 'Mitglied', 'Aktuelle Gewohnheit', 'Serie', 'Tage', 'Anerkennungen']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeVisible();
    }
    expect(within(aisha).getByText('9 Tage')).toBeVisible();
    expect(within(aisha).getByRole('progressbar', { name: /^Durchschnittlicher Fortschritt/ })).toHaveAttribute(
      'aria-valuetext',
      '45\u00a0%',
    );
    expect(screen.getByRole('link', { name: 'Zurück zum Dashboard' })).toBeVisible();
  });

  it('reads right to left in Arabic', async () => {
    await activateLocale('ar');
    stubCohortApi({ members: createCohort().members });
    renderRoute(PATH);

    await findRowOf('Aisha Okoye');
    expect(screen.getByRole('heading', { level: 1, name: 'الدفعة' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'العادة الحالية' })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
