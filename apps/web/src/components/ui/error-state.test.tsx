import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from './error-state.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

function renderError(compact?: boolean) {
  const onRetry = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <ErrorState
          title="People could not be loaded"
          message="The server could not complete this. Please try again in a moment."
          onRetry={onRetry}
          {...(compact === undefined ? {} : { compact })}
        />
      </MantineProvider>
    </I18nProvider>,
  );
  return onRetry;
}

describe('ErrorState', () => {
  it.each([
    ['full size', undefined],
    ['compact', true],
  ])('%s: an alert with the title and message, whose Try again retries', async (_, compact) => {
    const onRetry = renderError(compact);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('People could not be loaded');
    expect(alert).toHaveTextContent('The server could not complete this. Please try again in a moment.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
