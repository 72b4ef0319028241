import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toDayKey } from '../../../lib/dates.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort } from '../testing/factories.ts';
import { cellOf, findRowOf, memberNames, PATH, rowOf } from '../testing/leaderboard-queries.ts';
import { stubCohortApi } from '../testing/stub-cohort-api.ts';
import { SAMPLE_CANNOT_ENDORSE } from '../utils/endorse-state.ts';
import { YOUR_LOCAL_HABITS } from '../utils/sample-cohort.ts';
import { SAMPLE_DATA_NOTE } from './sample-data-alert.tsx';

// `count` completed check-ins kept on this device, one a day ending today, as the check-in feature
// keeps them (its features/check-in/utils/local-habit-logs.ts; features do not import each other).
function saveCompletedLogs(count: number) {
  const logs = Array.from({ length: count }, (_, i) => {
    const date = new Date();
    date.setDate(date.getDate() - i);
    return { date: toDayKey(date), completed: true, notes: '', habitId: 'h1', positiveChangeId: null };
  });
  localStorage.setItem('habitLogs', JSON.stringify(logs));
}

// When the cohort cannot be loaded
// (docs/domain/standings-and-endorsements.md#when-the-cohort-cannot-be-loaded).
describe('cohort fallback', { timeout: 20_000 }, () => {
  it('shows five sample rows from local data, marked as such, with Endorse disabled', async () => {
    saveCompletedLogs(33);
    stubCohortApi({ members: () => Response.json({ detail: 'Service unavailable' }, { status: 503 }) });
    renderRoute(PATH);

    const you = await findRowOf('Priya Sharma');
    expect(screen.getByRole('alert')).toHaveTextContent(SAMPLE_DATA_NOTE);
    expect(screen.getByRole('table', { name: 'Cohort leaderboard (sample data)' })).toBeVisible();
    expect(memberNames()).toHaveLength(5);

    // 33 completed logs / 60 days = 55 %.
    expect(within(you).getByText('You')).toBeVisible();
    expect(within(you).getByRole('progressbar', { name: /^Average progress/ })).toHaveAttribute('aria-valuenow', '55');
    expect(cellOf(you, 'Current habit')).toHaveTextContent(YOUR_LOCAL_HABITS);
    expect(cellOf(you, 'Streak')).toHaveTextContent('33 days');
    // The person's own details come from the account check (GET /auth/me).
    expect(cellOf(you, 'Member')).toHaveTextContent(/Member$/);

    const samples = memberNames().filter((name) => name.startsWith('Sample member'));
    expect(samples).toHaveLength(4);
    for (const name of samples) {
      const row = rowOf(name);
      expect(within(row).getByText('Sample')).toBeVisible();
      const button = within(row).getByRole('button', { name: `Endorse ${name}` });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(SAMPLE_CANNOT_ENDORSE);
    }
    const endorseButtons = screen.getAllByRole('button', { name: /^Endorse/ });
    expect(endorseButtons).toHaveLength(4);
    expect(endorseButtons.filter((button) => !(button as HTMLButtonElement).disabled)).toEqual([]);
  });

  it('caps the own progress at 100 percent', async () => {
    saveCompletedLogs(75);
    stubCohortApi({ members: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute(PATH);

    const you = await findRowOf('Priya Sharma');
    expect(within(you).getByRole('progressbar', { name: /^Average progress/ })).toHaveAttribute('aria-valuenow', '100');
    expect(cellOf(you, 'Rank')).toHaveTextContent('1');
  });

  it('loads the real cohort on Retry', async () => {
    let attempts = 0;
    const { members } = createCohort();
    stubCohortApi({
      members: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Response.json(members);
      },
    });
    renderRoute(PATH);

    await screen.findByText(SAMPLE_DATA_NOTE);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await findRowOf('Aisha Okoye')).toBeVisible();
    expect(screen.queryByText(SAMPLE_DATA_NOTE)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Sample member/)).not.toBeInTheDocument();
    expect(memberNames()).toEqual(['Aisha Okoye', 'Tom Gallagher', 'Priya Sharma', 'Sam Patel']);
  });
});
