import { TOO_MANY_EXPORTS } from '@habitrack/contracts/me/export-my-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import { exportUrl } from '../api/export-my-data.ts';

const PATH = '/settings/data';

function fileResponse(body: string, type: string, name: string) {
  return new Response(body, {
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` },
  });
}

describe('my data page', { timeout: 20_000 }, () => {
  let clicked: { href: string; download: string }[];
  let created: Blob[];
  beforeEach(() => {
    clicked = [];
    created = [];
    // jsdom has no object URLs: these stand in for the browser's, for this test only.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = vi.fn(
          (blob: Blob) => (created.push(blob), `blob:download-${created.length}`),
        );
        static override revokeObjectURL = vi.fn();
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the JSON file and the CSV zip, each with the name the server gives', async () => {
    const fetchMock = stubApi({
      [exportUrl('json')]: () =>
        fileResponse('{"profile":{}}', 'application/json', 'habitrack-my-data-2026-11-22.json'),
      [exportUrl('zip')]: () => fileResponse('PK\u0003\u0004', 'application/zip', 'habitrack-my-data-2026-11-22.zip'),
    });
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
    expect(screen.getByText(/download your data 5 times per hour/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Download as JSON' }));
    expect(await screen.findByText('Your download has started: habitrack-my-data-2026-11-22.json')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Download as CSV (zip)' }));
    expect(await screen.findByText('Your download has started: habitrack-my-data-2026-11-22.zip')).toBeVisible();

    expect(clicked).toEqual([
      { href: 'blob:download-1', download: 'habitrack-my-data-2026-11-22.json' },
      { href: 'blob:download-2', download: 'habitrack-my-data-2026-11-22.zip' },
    ]);
    expect(await created[0]!.text()).toBe('{"profile":{}}');
    expect(created[1]!.type).toBe('application/zip');
    const exportCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/me/export'));
    expect(exportCalls.map(([url]) => url)).toEqual([exportUrl('json'), exportUrl('zip')]);
    // The export is the caller's own: the request carries their token.
    expect(new Headers(exportCalls[0]![1]?.headers).get('Authorization')).toMatch(/^Bearer /);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:download-1'));
  });

  it('says why when the server refuses (too many exports), and offers the buttons again', async () => {
    stubApi({ [exportUrl('zip')]: () => Response.json({ detail: TOO_MANY_EXPORTS }, { status: 429 }) });
    renderRoute(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Download as CSV (zip)' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(TOO_MANY_EXPORTS)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download as CSV (zip)' })).toBeEnabled();
    expect(clicked).toEqual([]);
  });

  it('says so plainly when the download fails for another reason', async () => {
    stubApi({ [exportUrl('json')]: () => Response.json({ detail: 'Internal server error' }, { status: 500 }) });
    renderRoute(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Download as JSON' }));
    expect(
      within(await screen.findByRole('alert')).getByText(
        "We couldn't prepare your download. Check your connection and try again.",
      ),
    ).toBeVisible();
  });
});
