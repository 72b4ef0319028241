import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { createMe, stubApi } from '../../test/stub-api.ts';

const noProgramme = () => Response.json({ detail: 'No programme' }, { status: 404 });

describe('common header: administration', () => {
  it('links an administrator to the administration console, whatever the programme role', async () => {
    stubApi({
      '/api/v1/auth/me': () => Response.json(createMe({ role: 'member', is_admin: true })),
      '/api/v1/programmes/current': noProgramme,
    });
    renderRoute('/no-such-page');

    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });

  it('shows no such link to anyone else, a leader included', async () => {
    stubApi({
      '/api/v1/auth/me': () => Response.json(createMe({ role: 'leader', is_admin: false })),
      '/api/v1/programmes/current': noProgramme,
    });
    renderRoute('/no-such-page');

    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Insights' })).toBeVisible();
    expect(within(banner).queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });
});
