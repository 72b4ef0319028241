import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { createMe, stubApi } from '../../../test/stub-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createInsights } from '../testing/factories.ts';

// jsdom has no ResizeObserver; the period switch and the charts' containers observe their size.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('Insights page in other languages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the German texts, decimal commas and suppressed figures in de-DE', async () => {
    await activateLocale('de-DE');
    stubApi({
      '/api/v1/auth/me': () => Response.json(createMe({ role: 'leader' })),
      '/api/v1/insights?period=4w': () => Response.json(createInsights()),
    });
    renderRoute('/leader/insights');

    expect(await screen.findByRole('heading', { level: 1, name: 'Auswertungen des Programms' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Letzte 12 Wochen' })).toBeInTheDocument();
    const mood = await screen.findByRole('region', { name: 'Stimmung' });
    await userEvent.click(within(mood).getByRole('button', { name: 'Tabelle anzeigen: Stimmung' }));
    const table = within(mood).getByRole('table', { name: 'Stimmung' });
    expect(within(table).getByRole('columnheader', { name: 'Woche' })).toBeVisible();
    expect(within(table).getByRole('row', { name: 'Woche vom 2026-03-09 3,8' })).toBeVisible();
    expect(
      within(table).getByText('Zu wenige Mitglieder, um dies zu zeigen, ohne jemanden erkennbar zu machen'),
    ).toBeVisible();
  });
});
