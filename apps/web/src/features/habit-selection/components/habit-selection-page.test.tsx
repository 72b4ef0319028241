import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCatalogue } from '../testing/catalogue.ts';
import { createUserHabit } from '../testing/factories.ts';
import { stubSelectionApi } from '../testing/stub-selection-api.ts';

const PATH = '/programme/behaviour-habit-selection';

function behaviour(name: string) {
  return screen.getByRole('button', { name: new RegExp(`^${name}`) });
}

// The panel's content is revealed a render after the click, so wait for the region.
async function expand(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  await screen.findByRole('region', { name: new RegExp(`^${name}`) });
}

function card(habitName: string) {
  const box = screen.getByRole('checkbox', { name: habitName });
  const found = box.closest<HTMLElement>('[data-testid^="habit-card-"]');
  if (!found) throw new Error(`no card for ${habitName}`);
  return within(found);
}

// Generous: jsdom's accessible-name lookups over a page of cards are slow on a busy CI machine.
describe('Select Your Habits', { timeout: 20_000 }, () => {
  it('pre-selects active habits and opens only the behaviours that hold them', async () => {
    const { behaviours, habits } = createCatalogue();
    stubSelectionApi({ behaviours, active: [habits.listening] });
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Habits' })).toBeVisible();
    expect(screen.getByText(/for the next 60 days/)).toBeVisible();
    const listening = await screen.findByRole('checkbox', { name: 'Active Listening' });
    expect(listening).toBeChecked();
    expect(listening).toBeDisabled();
    expect(card('Active Listening').getByText('Currently Active')).toBeVisible();
    expect(screen.getByText('1 of 3 selected')).toBeVisible();

    expect(behaviour('Communication')).toHaveAttribute('aria-expanded', 'true');
    expect(behaviour('Communication')).toHaveTextContent('3 habits · 1 selected · 1 currently active');
    expect(behaviour('Recognition')).toHaveAttribute('aria-expanded', 'false');
    expect(behaviour('Recognition')).toHaveTextContent('2 habits · 0 selected · 0 currently active');
    expect(behaviour('Focus')).toHaveAttribute('aria-expanded', 'false');
    expect(behaviour('Focus')).toHaveTextContent('1 habit · 0 selected · 0 currently active');
    expect(screen.queryByRole('checkbox', { name: 'Say Thank You' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Dashboard' })).toBeEnabled();
  });

  it('shows every detail of a habit card', async () => {
    const { behaviours } = createCatalogue();
    stubSelectionApi({ behaviours });
    renderRoute(PATH);

    await expand('Communication');
    const checkIns = card('Daily Check-ins');
    expect(checkIns.getByText('Medium')).toBeVisible();
    expect(checkIns.getByText('15 min')).toBeVisible();
    expect(checkIns.getByText(/45 days/)).toBeVisible();
    expect(checkIns.getByText('A short one-on-one with each direct report.')).toBeVisible();
    expect(checkIns.getByText('How to practice')).toBeVisible();
    expect(checkIns.getByText('Ask one open question and listen for the answer.')).toBeVisible();
    expect(checkIns.getByText('Positive benefits')).toBeVisible();
    expect(checkIns.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Earlier warning of problems',
      'More engaged team',
    ]);
    expect(checkIns.queryByText('Selected')).not.toBeInTheDocument();
  });

  it('marks new picks Selected and updates the counter, headers and button label', async () => {
    const { behaviours, habits } = createCatalogue();
    stubSelectionApi({ behaviours, active: [habits.listening] });
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Daily Check-ins' }));
    expect(screen.getByRole('checkbox', { name: 'Daily Check-ins' })).toBeChecked();
    expect(card('Daily Check-ins').getByText('Selected')).toBeVisible();
    expect(screen.getByText('2 of 3 selected')).toBeVisible();
    expect(behaviour('Communication')).toHaveTextContent('3 habits · 2 selected · 1 currently active');
    expect(screen.getByRole('button', { name: 'Add 1 new habit(s) (2 total)' })).toBeEnabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Daily Check-ins' }));
    expect(screen.getByText('1 of 3 selected')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue to Dashboard' })).toBeEnabled();
  });

  it('offers to skip with nothing selected and to start once only new habits are picked', async () => {
    const { behaviours } = createCatalogue();
    stubSelectionApi({ behaviours });
    renderRoute(PATH);

    expect(await screen.findByRole('button', { name: 'Skip to Dashboard' })).toBeEnabled();
    expect(screen.getByText('0 of 3 selected')).toBeVisible();
    for (const name of ['Communication', 'Recognition', 'Focus']) {
      expect(behaviour(name)).toHaveAttribute('aria-expanded', 'false');
    }
    await expand('Recognition');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Say Thank You' }));
    expect(screen.getByRole('button', { name: 'Start with 1 habit(s)' })).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Celebrate Wins' }));
    expect(screen.getByRole('button', { name: 'Start with 2 habit(s)' })).toBeEnabled();
  });

  it('ignores a fourth pick and says why', async () => {
    const { behaviours, habits } = createCatalogue();
    stubSelectionApi({ behaviours, active: [habits.listening] });
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Daily Check-ins' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clear Feedback' }));
    expect(screen.getByText('3 of 3 selected')).toBeVisible();
    expect(screen.queryByText('You can pick up to 3 habits.')).not.toBeInTheDocument();

    await expand('Recognition');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Say Thank You' }));
    expect(screen.getByRole('checkbox', { name: 'Say Thank You' })).not.toBeChecked();
    expect(screen.getByText('3 of 3 selected')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('You can pick up to 3 habits.');
  });

  it('toggles a habit from the keyboard', async () => {
    const { behaviours } = createCatalogue();
    stubSelectionApi({ behaviours });
    renderRoute(PATH);

    await expand('Focus');
    screen.getByRole('checkbox', { name: 'Deep Work Block' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Deep Work Block' })).toBeChecked();
  });

  it('offers every habit in one open group when the member has no programme', async () => {
    const { habits } = createCatalogue();
    const fetchMock = stubSelectionApi({ programme: null, allHabits: [habits.thanks, habits.deepWork] });
    renderRoute(PATH);

    expect(await screen.findByRole('button', { name: /^Available Habits/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Say Thank You' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Deep Work Block' })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/behaviours'))).toBe(false);
  });

  it('shows loading, then an error with a retry that recovers', async () => {
    const { behaviours, habits } = createCatalogue();
    let attempts = 0;
    stubSelectionApi({
      behaviours,
      extra: {
        '/api/v1/habits/my-active': () => {
          attempts += 1;
          return attempts === 1
            ? Response.json({ detail: 'down' }, { status: 503 })
            : Response.json([createUserHabit(habits.listening)]);
        },
      },
    });
    renderRoute(PATH);

    expect(await screen.findByRole('status', { name: 'Loading habits...' })).toBeVisible();
    // The title and what the page asks show while the habits load.
    expect(screen.getByRole('heading', { level: 1, name: 'Select Your Habits' })).toBeVisible();
    expect(screen.getByText(/for the next 60 days/)).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the habits");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Active Listening' })).toBeChecked();
  });
});
