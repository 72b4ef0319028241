import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPage } from '../../lib/stale-build.ts';
import { RouteError } from './route-error.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

function renderFailingRoute(error: Error) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: null },
          {
            path: '/programme/cohort',
            HydrateFallback: () => null,
            lazy: async () => {
              throw error;
            },
          },
        ],
      },
    ],
    { initialEntries: ['/programme/cohort'] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nProvider>,
  );
}

describe('RouteError', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says a screen's code did not download, perhaps for an update, and offers to reload", async () => {
    const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => {});
    renderFailingRoute(
      new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/cohort-DdNLykD5.js'),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    expect(
      screen.getByText(/could not be downloaded: HabiTrack may have just been updated.*Reload the page to try again/),
    ).toBeVisible();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows any other error as it is, with the way home only', async () => {
    renderFailingRoute(new Error('Cohort is not defined'));

    expect(await screen.findByText('Cohort is not defined')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return Home' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });
});
