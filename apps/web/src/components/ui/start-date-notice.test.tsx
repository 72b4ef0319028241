import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatStartDate } from '../../lib/start-date.ts';
import { StartDateNotice, type StartDateNoticeProps } from './start-date-notice.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

const texts = {
  readOnlyTitle: 'Widgets are read-only',
  afterStart: (date: string) =>
    `The programme started on ${date}. Its widgets can no longer be changed, so saving is turned off.`,
  beforeStart: 'You can change your widgets until the programme starts.',
};

function renderNotice(props: Pick<StartDateNoticeProps, 'startsAt' | 'started'>) {
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <StartDateNotice {...props} {...texts} />
      </MantineProvider>
    </I18nProvider>,
  );
}

describe('StartDateNotice', () => {
  it("shows the start date, or 'Not set', with what it means before the start, as a note", () => {
    const startsAt = '2031-04-01T09:00:00.000Z';
    const { unmount } = renderNotice({ startsAt, started: false });

    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(`Programme start date: ${formatStartDate(startsAt)}`);
    expect(note).toHaveTextContent(texts.beforeStart);
    unmount();

    renderNotice({ startsAt: null, started: false });
    expect(screen.getByText('Programme start date: Not set')).toBeVisible();
  });

  it('says the form is read-only once the programme has started, and why', () => {
    const startsAt = '2024-01-15T09:00:00.000Z';
    renderNotice({ startsAt, started: true });

    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Widgets are read-only');
    expect(note).toHaveTextContent(
      `The programme started on ${formatStartDate(startsAt)}. Its widgets can no longer be changed, so saving is turned off.`,
    );
    expect(note).not.toHaveTextContent(texts.beforeStart);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
