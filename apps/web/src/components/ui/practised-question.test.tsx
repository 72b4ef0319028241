import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PractisedQuestion, type TPractisedAnswer } from './practised-question.tsx';

function renderQuestion(answer: TPractisedAnswer | null, onAnswer = vi.fn()) {
  render(
    <MantineProvider env="test">
      <PractisedQuestion when="on Sunday 8 November 2026" answer={answer} onAnswer={onAnswer} />
    </MantineProvider>,
  );
  return onAnswer;
}

describe('PractisedQuestion', () => {
  it('asks about the day it is given, as a group of two toggle buttons named by the question', () => {
    renderQuestion(null);
    const group = screen.getByRole('group', { name: 'Did you practise this habit on Sunday 8 November 2026?' });
    expect(group).toBeVisible();
    expect(screen.getByRole('button', { name: 'Yes completed' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: "No didn't do it" })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the answer as pressed and reports each press, the pressed one included', async () => {
    const onAnswer = renderQuestion('skipped');
    expect(screen.getByRole('button', { name: "No didn't do it" })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Yes completed' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Yes completed' }));
    await userEvent.click(screen.getByRole('button', { name: "No didn't do it" }));
    expect(onAnswer.mock.calls).toEqual([['completed'], ['skipped']]);
  });
});
