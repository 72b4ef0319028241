import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort, createSettings, createToken, SPRING } from '../testing/factories.ts';
import { problem, stubAdminApi, type TRecordedCall } from '../testing/stub-admin-api.ts';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

function stubSettings(routes: Record<string, (call: TRecordedCall) => Response> = {}) {
  return stubAdminApi({
    'GET /api/v1/admin/settings': () => Response.json(createSettings()),
    'GET /api/v1/admin/cohorts': () => Response.json([createCohort()]),
    'GET /api/v1/admin/scim-tokens': () =>
      Response.json([
        createToken({ prefix: 'scim_new1', last_used_at: '2026-11-26T08:00:00.000Z' }),
        createToken({ prefix: 'scim_old1', revoked_at: '2026-11-21T08:00:00.000Z' }),
      ]),
    ...routes,
  });
}

// Each test drives several screens through the UI: slower than the 5 s default on a busy machine.
describe('Settings', { timeout: 20_000 }, () => {
  it('saves the trusted tenants, the domains and the default cohort together', async () => {
    const api = stubSettings({
      'PUT /api/v1/admin/settings': (call) => Response.json({ ...createSettings(), ...(call.body as object) }),
    });
    renderRoute('/admin/settings');

    const tenants = await screen.findByRole('combobox', { name: /tenant ids/ });
    await userEvent.click(tenants);
    await userEvent.paste(TENANT.toUpperCase());
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Default cohort' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Spring 2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toBeVisible();
    expect(api.callsTo('PUT', '/api/v1/admin/settings').map((call) => call.body)).toEqual([
      {
        azure_tenant_ids: [TENANT],
        email_domains: ['acme.example'],
        default_cohort_id: SPRING.id,
      },
    ]);
  });

  it('points out a value that is not a domain before saving, and shows a refusal, keeping the lists', async () => {
    stubSettings({
      'PUT /api/v1/admin/settings': problem(409, 'Another organisation already uses the e-mail domain globex.example.'),
    });
    renderRoute('/admin/settings');

    const domains = await screen.findByRole('combobox', { name: /E-mail domains/ });
    await userEvent.click(domains);
    await userEvent.paste('not a domain');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Not a domain name: not a domain')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    // Backspace in the empty field removes the last domain.
    await userEvent.keyboard('{Backspace}');
    expect(screen.queryByText('Not a domain name: not a domain')).not.toBeInTheDocument();
    await userEvent.paste('globex.example');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(/already uses the e-mail domain globex.example/)).toBeVisible();
    expect(screen.getByText('globex.example')).toBeVisible();
  });

  it('lists SCIM tokens with their prefix, use and status', async () => {
    stubSettings();
    renderRoute('/admin/settings');

    const table = await screen.findByRole('table', { name: 'SCIM tokens, newest first' });
    const [, active, revoked] = within(table).getAllByRole('row');
    expect(active).toHaveTextContent('scim_new1…');
    expect(active).toHaveTextContent('by Eleanor Hughes');
    expect(active).toHaveTextContent('Active');
    expect(revoked).toHaveTextContent('Never');
    expect(revoked).toHaveTextContent('Revoked');
    expect(within(revoked as HTMLElement).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('shows a new token once, with a copy button and a warning', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubSettings({
      'POST /api/v1/admin/scim-tokens': () =>
        Response.json({ ...createToken({ prefix: 'scim_fresh' }), token: 'scim_fresh_secret_value' }, { status: 201 }),
    });
    renderRoute('/admin/settings');

    await userEvent.click(await screen.findByRole('button', { name: 'Create a token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Your new SCIM token' }));
    expect(dialog.getByText('scim_fresh_secret_value')).toBeVisible();
    expect(dialog.getByText(/shown only once/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Copy the token' }));
    expect(writeText).toHaveBeenCalledWith('scim_fresh_secret_value');
    await userEvent.click(dialog.getByRole('button', { name: 'I have copied it' }));

    await waitFor(() => expect(screen.queryByText('scim_fresh_secret_value')).not.toBeInTheDocument());
  });

  it('revokes a token after asking', async () => {
    const api = stubSettings();
    renderRoute('/admin/settings');
    const table = await screen.findByRole('table', { name: 'SCIM tokens, newest first' });
    const revokeCalls = () => api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/revoke'));

    await userEvent.click(within(table).getByRole('button', { name: 'Revoke token scim_new1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this token?' }));
    expect(dialog.getByText(/cannot be undone/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(revokeCalls()).toHaveLength(1));
  });

  it('turns retention on with a number of days, refuses one out of range before saving, and turns it off again', async () => {
    const api = stubSettings({
      'PUT /api/v1/admin/settings/retention': (call) =>
        Response.json({ ...createSettings(), ...(call.body as object) }),
    });
    renderRoute('/admin/settings');

    await userEvent.click(
      await screen.findByRole('switch', { name: 'Delete old notes, moods and endorsement messages' }),
    );
    const days = screen.getByRole('textbox', { name: /Days to keep them/ });
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    expect(await screen.findByText('Enter a whole number of days from 30 to 3650.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save retention' })).toBeDisabled();
    await userEvent.clear(days);
    await userEvent.type(days, '180');
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(
      await screen.findByText('Retention saved: deleted 180 days after a frame ends or a deactivation.'),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('switch', { name: 'Delete old notes, moods and endorsement messages' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Retention saved: everything is kept.')).toBeVisible();
    expect(api.callsTo('PUT', '/api/v1/admin/settings/retention').map((call) => call.body)).toEqual([
      { retention_days: 180 },
      { retention_days: null },
    ]);
  });

  it("sets the organisation's default language, and shows a refusal", async () => {
    const api = stubSettings({
      'PUT /api/v1/admin/settings/default-locale': (call) =>
        Response.json({ ...createSettings(), ...(call.body as object) }),
    });
    renderRoute('/admin/settings');

    const language = await screen.findByRole('combobox', { name: /Default language/ }, { timeout: 15_000 });
    expect(language).toHaveValue('English (UK)');
    await userEvent.click(language);
    await userEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save default language' }));
    expect(await screen.findByText('Default language saved: Deutsch.')).toBeVisible();
    expect(api.callsTo('PUT', '/api/v1/admin/settings/default-locale').map((call) => call.body)).toEqual([
      { default_locale: 'de-DE' },
    ]);
  });

  it('shows the refusal of a default language', async () => {
    stubSettings({
      'PUT /api/v1/admin/settings/default-locale': problem(
        400,
        'Invalid request: body.default_locale must be one of the locales HabiTrack speaks',
      ),
    });
    renderRoute('/admin/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Save default language' }, { timeout: 15_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The default language was not saved');
  });

  it('shows the refusal of a retention period', async () => {
    stubSettings({
      'PUT /api/v1/admin/settings/retention': problem(
        400,
        'Invalid request: body.retention_days must be a whole number of days from 30 to 3650, or null to keep everything',
      ),
    });
    renderRoute('/admin/settings');
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Delete old notes, moods and endorsement messages' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Retention was not saved');
  });
});
