import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/render-route.tsx';
import { stubApi } from '../test/stub-api.ts';

// These screens' chunks arrive only when a test says so, like slow downloads.
const downloads = vi.hoisted(() => {
  const gate = () => {
    let finish: () => void = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    return { done, finish };
  };
  return { dashboard: gate(), cohort: gate() };
});

vi.mock('./routes/dashboard.tsx', async (importOriginal) => {
  await downloads.dashboard.done;
  return importOriginal();
});

vi.mock('./routes/cohort.tsx', async (importOriginal) => {
  await downloads.cohort.done;
  return importOriginal();
});

describe('a screen whose code is still downloading', () => {
  it('shows the signed-in frame saying "Loading page" on the first load, then the screen in that frame', async () => {
    stubApi();
    const { router } = renderRoute('/programme/dashboard');

    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeVisible();
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Welcome, Priya Sharma');
    expect(router.state.initialized).toBe(false);

    downloads.dashboard.finish();

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
    // The frame stayed mounted: the same header element, not a new one.
    expect(screen.getByRole('banner')).toBe(header);
  });

  it('says "Loading page" on the way to it, and moves there once it has arrived', async () => {
    stubApi();
    const { router } = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    act(() => void router.navigate('/programme/cohort'));

    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');

    downloads.cohort.finish();

    expect(await screen.findByRole('heading', { level: 1, name: 'Cohort' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/programme/cohort');
  });
});
