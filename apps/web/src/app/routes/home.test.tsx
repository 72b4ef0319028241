import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { stubApi } from '../../test/stub-api.ts';

describe('home page', () => {
  it('shows the product title and a healthy API', async () => {
    const fetchMock = stubApi({ '/healthz': () => Response.json({ status: 'ok' }) });
    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'HabiTrack' })).toBeInTheDocument();
    expect(await screen.findByText('API: ok')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/healthz', expect.anything());
  });

  it('shows the HTTP status when the API answers with an error', async () => {
    stubApi({ '/healthz': () => Response.json({ detail: 'database down' }, { status: 503 }) });
    renderRoute('/');

    expect(await screen.findByText('API: error (HTTP 503: database down)')).toBeInTheDocument();
    expect(screen.queryByText('API: ok')).not.toBeInTheDocument();
  });

  it('says the API is unreachable when the request fails', async () => {
    stubApi({ '/healthz': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute('/');

    expect(await screen.findByText('API: error (unreachable)')).toBeInTheDocument();
  });
});
