import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createDashboard, createDashboardHabit } from '../testing/factories.ts';
import { stubDashboardApi } from '../testing/stub-dashboard-api.ts';

const PATH = '/programme/dashboard';

const habit = createDashboardHabit({
  habit_name: 'Daily Check-ins',
  progress_percentage: 35,
  current_streak: 1,
  days_completed: 21,
  total_days: 60,
});

describe('dashboard in other languages', () => {
  it('shows the German texts, counts and percentages in de-DE', async () => {
    await activateLocale('de-DE');
    stubDashboardApi({ dashboard: createDashboard({ active_habits: [habit] }) });
    renderRoute(PATH);

    expect(await screen.findByText('Willkommen zurück, Priya Sharma!')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const card = within(screen.getByRole('article', { name: 'Daily Check-ins' }));
    expect(card.getByRole('progressbar', { name: 'Fortschritt bei Daily Check-ins' })).toBeVisible();
    expect(card.getByText('35 %')).toBeVisible();
    expect(card.getByText('Aktuelle Serie: 1 Tag')).toBeVisible();
    expect(card.getByText('21/60 Tagen erledigt')).toBeVisible();
    expect(card.getByRole('link', { name: 'Heute erfassen' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Ihre Kohorte' })).toBeVisible();
  });

  it('reads right to left in Arabic', async () => {
    await activateLocale('ar');
    stubDashboardApi({ dashboard: createDashboard({ active_habits: [habit] }) });
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة المعلومات' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'سجّل اليوم' })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });
});
