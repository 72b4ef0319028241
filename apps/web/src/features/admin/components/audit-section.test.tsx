import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createAuditEntry } from '../testing/factories.ts';
import { stubAdminApi } from '../testing/stub-admin-api.ts';

const deactivation = createAuditEntry();
const tokenChange = createAuditEntry({
  actor: { kind: 'token', id: null, name: 'scim_ab12' },
  action: 'scim.user.update',
  before: null,
  after: { title: 'Engineer' },
});

// Each test drives several screens through the UI: slower than the 5 s default on a busy machine.
describe('Audit log', { timeout: 20_000 }, () => {
  it('lists entries newest first, and shows the values before and after on demand', async () => {
    stubAdminApi({
      'GET /api/v1/admin/audit': () =>
        Response.json({ entries: [deactivation, tokenChange], total: 2, page: 1, page_size: 50 }),
    });
    renderRoute('/admin/audit');

    const table = await screen.findByRole('table', { name: 'Audit log, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Eleanor Hughes');
    expect(first).toHaveTextContent('person.deactivate');
    expect(second).toHaveTextContent('scim_ab12 (SCIM token)');

    const show = within(first as HTMLElement).getByRole('button', { name: 'Show changes' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    expect(within(table).getByText(/"status": "active"/)).toBeVisible();
    expect(within(table).getByText(/"status": "deactivated"/)).toBeVisible();
  });

  it('searches and filters by date, and says when nothing matches', async () => {
    const api = stubAdminApi({
      'GET /api/v1/admin/audit': (call) =>
        Response.json({
          entries: call.query.get('q') ? [] : [deactivation],
          total: call.query.get('q') ? 0 : 1,
          page: 1,
          page_size: 50,
        }),
    });
    renderRoute('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log, newest first' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');

    expect(await screen.findByText('No entry matches these filters.')).toBeVisible();
    const last = api.callsTo('GET', '/api/v1/admin/audit').at(-1);
    expect(last?.query.get('q')).toBe('nobody');
    expect(new Date(last?.query.get('from') ?? '').getFullYear()).toBe(2026);
  });

  it('exports the entries matching the filters as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:audit');
    // jsdom has no object URLs; the download hands the file to the browser through one.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const api = stubAdminApi({
      'GET /api/v1/admin/audit': () => Response.json({ entries: [deactivation], total: 1, page: 1, page_size: 50 }),
      'GET /api/v1/admin/audit/export': () =>
        new Response('id,at\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="audit.csv"' },
        }),
    });
    renderRoute('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log, newest first' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Action' }), 'person.deactivate');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/admin/audit').at(-1)?.query.get('action')).toBe('person.deactivate'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET', '/api/v1/admin/audit/export')[0]?.query.get('action')).toBe('person.deactivate');
  });
});
