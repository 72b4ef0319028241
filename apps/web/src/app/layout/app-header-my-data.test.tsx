import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { stubApi } from '../../test/stub-api.ts';

describe('common header: my data', () => {
  it('links every signed-in person to the page where they download their data', async () => {
    stubApi({ '/api/v1/programmes/current': () => Response.json({ detail: 'none' }, { status: 404 }) });
    const { router } = renderRoute('/no-such-page');

    const banner = await screen.findByRole('banner');
    const link = within(banner).getByRole('link', { name: 'My data' });
    expect(link).toHaveAttribute('href', '/settings/data');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/settings/data');
  });
});
