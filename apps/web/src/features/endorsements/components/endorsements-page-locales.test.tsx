import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createPage,
  createReceived,
  FIRST_PAGE_URL,
  PATH,
  stubEndorsementsApi,
} from '../testing/stub-endorsements-api.ts';

describe('endorsements received page in other languages', { timeout: 20_000 }, () => {
  it('shows the German texts and dates in de-DE', async () => {
    await activateLocale('de-DE');
    const newest = createReceived({ endorsed_on: '2026-11-21', created_at: '2026-11-21T09:30:00.000Z' });
    const older = createReceived({ endorsed_on: '2026-11-02', created_at: '2026-11-02T08:00:00.000Z' });
    stubEndorsementsApi({
      [FIRST_PAGE_URL]: createPage({
        items: [newest, older],
        total: 2,
        seen_at: '2026-11-10T00:00:00.000Z',
        new_since_last_visit: 1,
      }),
    });
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Anerkennungen' })).toBeVisible();
    const [first] = within(
      await screen.findByRole('list', { name: 'Anerkennungen, die Sie erhalten haben' }),
    ).getAllByRole('listitem');
    expect(within(first!).getByText('Samstag, 21. November 2026')).toBeVisible();
    expect(within(first!).getByText('Neu')).toBeVisible();
    expect(screen.getByText('2 Anerkennungen aus Ihrer Kohorte · 1 neu seit Ihrem letzten Besuch')).toBeVisible();
  });
});
