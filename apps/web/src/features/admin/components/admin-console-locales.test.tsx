import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort, createPerson, peoplePage } from '../testing/factories.ts';
import { stubAdminApi } from '../testing/stub-admin-api.ts';

const basics = {
  'GET /api/v1/admin/people': () => Response.json(peoplePage([createPerson()])),
  'GET /api/v1/admin/cohorts': () => Response.json([createCohort()]),
  'GET /api/v1/admin/programmes': () => Response.json([]),
  'GET /api/v1/admin/settings': () => Response.json({ detail: 'not stubbed' }, { status: 404 }),
};

describe('administration console in other languages', { timeout: 20_000 }, () => {
  it('shows the People section in German, its count as a German plural', async () => {
    await activateLocale('de-DE');
    stubAdminApi(basics);
    renderRoute('/admin/people');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible();
    const tabs = within(screen.getByRole('tablist', { name: 'Bereiche der Verwaltung' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Personen',
      'Kohorten',
      'Programminhalte',
      'Einstellungen',
      'Audit-Protokoll',
    ]);
    expect(await screen.findByRole('table', { name: 'Personen, nach Name' })).toBeVisible();
    expect(screen.getByText('1 Person')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Person einladen' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Suchen' })).toBeVisible();
  });

  it('shows the console right to left in Arabic', async () => {
    await activateLocale('ar');
    stubAdminApi(basics);
    renderRoute('/admin/people');

    expect(await screen.findByRole('tab', { name: 'الأشخاص' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'الأشخاص، حسب الاسم' })).toBeVisible();
    expect(screen.getByText('شخص واحد')).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });
});
