import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProblemCard, type TProblemScreen } from './problem-card.tsx';

function renderCard(screenContent: Partial<TProblemScreen>, email: string | null = 'sam@example.com') {
  const onSignOut = vi.fn<() => void>();
  render(
    <MantineProvider env="test">
      <ProblemCard
        screen={{
          heading: 'Something is wrong',
          signOutLabel: 'Try Different Account',
          body: 'Why.',
          ...screenContent,
        }}
        email={email}
        providerName="HabiTrack"
        onSignOut={onSignOut}
      />
    </MantineProvider>,
  );
  return { onSignOut };
}

describe('ProblemCard (the frame of every account-problem screen)', () => {
  it('is the page: its main landmark and focused h1, the account used, the body and a sign-out', async () => {
    const { onSignOut } = renderCard({ eyebrow: 'A title' });

    expect(screen.getByRole('main')).toHaveTextContent('A title');
    expect(screen.getByRole('heading', { level: 1, name: 'Something is wrong' })).toHaveFocus();
    expect(screen.getByRole('main')).toHaveTextContent('Signed in as sam@example.com');
    expect(screen.getByText('Why.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try Different Account' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('leaves out the account when there is none, and the link unless asked for', () => {
    renderCard({}, null);

    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links to the vendor in this tab or, said so, in a new one', () => {
    renderCard({ learnMore: 'new-tab' });

    const link = screen.getByRole('link', { name: 'Learn More About HabiTrack' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleDescription('Opens in a new tab');
  });
});
