import type { TUpdatePersonRequest } from '@habitrack/contracts/admin/people';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort, createPerson, peoplePage, AUTUMN, SALES } from '../testing/factories.ts';
import { problem, stubAdminApi, type TRecordedCall } from '../testing/stub-admin-api.ts';

const PATH = '/admin/people';
const oliver = createPerson();
const mei = createPerson({ full_name: 'Mei Tanaka', email: 'mei.tanaka@acme.example', team: SALES, is_admin: true });

function stubPeople(routes: Record<string, (call: TRecordedCall) => Response> = {}) {
  return stubAdminApi({
    'GET /api/v1/admin/people': () => Response.json(peoplePage([mei, oliver])),
    'GET /api/v1/admin/cohorts': () => Response.json([createCohort(), createCohort({ ...AUTUMN, member_count: 0 })]),
    ...routes,
  });
}

async function openPanel(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Manage ${name}` }));
  return within(await screen.findByRole('dialog', { name }));
}

// Each test drives several screens through the UI: slower than the 5 s default on a busy machine.
describe('People', { timeout: 20_000 }, () => {
  it('lists people with their role, team, cohort and status', async () => {
    stubPeople();
    renderRoute(PATH);

    // The first render of the file also loads the section's code and the catalog: up to 15 s on a
    // busy machine.
    const table = await screen.findByRole('table', { name: 'People, by name' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Mei TanakaAdmin');
    expect(rows[1]).toHaveTextContent('Sales');
    expect(rows[2]).toHaveTextContent('oliver.bennett@acme.example');
    expect(rows[2]).toHaveTextContent('Engineering');
    expect(rows[2]).toHaveTextContent('Spring 2026');
    expect(rows[2]).toHaveTextContent('Active');
    expect(screen.getByText('2 people')).toBeVisible();
  });

  it('searches once typing pauses, and filters by status, from the first page', async () => {
    const api = stubPeople();
    renderRoute(PATH);
    await screen.findByRole('table', { name: 'People, by name' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'mei');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/v1/admin/people').some((call) => call.query.get('q') === 'mei')).toBe(true),
    );
    expect(api.callsTo('GET', '/api/v1/admin/people').filter((call) => call.query.get('q') === 'm')).toEqual([]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Deactivated' }));
    await waitFor(() => {
      const last = api.callsTo('GET', '/api/v1/admin/people').at(-1);
      expect(last?.query.get('status')).toBe('deactivated');
      expect(last?.query.get('q')).toBe('mei');
      expect(last?.query.get('page')).toBe('1');
    });
  });

  it('says when nobody matches, and when the list cannot be loaded, with the reason', async () => {
    let fail = false;
    stubPeople({
      'GET /api/v1/admin/people': (call) =>
        fail
          ? problem(400, 'Invalid request: querystring.q must be at most 200 characters')()
          : Response.json(peoplePage(call.query.get('q') ? [] : [oliver])),
    });
    renderRoute(PATH);
    await screen.findByRole('table', { name: 'People, by name' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zz');
    expect(await screen.findByText('Nobody matches this search. Try fewer filters.')).toBeVisible();

    fail = true;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'z');
    expect(await screen.findByText(/querystring.q must be at most 200 characters/)).toBeVisible();
  });

  it('invites a person, and keeps what was typed when the API refuses', async () => {
    let refuse = true;
    const api = stubPeople({
      'POST /api/v1/admin/people': () =>
        refuse
          ? problem(409, 'Someone in your organisation already uses this e-mail.')()
          : Response.json(createPerson({ full_name: 'Ada Lovelace' }), { status: 201 }),
    });
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Invite a person' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a person' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'E-mail' }), 'ada@acme.example');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await userEvent.click(dialog.getByRole('switch', { name: /Administrator/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));

    expect(await dialog.findByText('Someone in your organisation already uses this e-mail.')).toBeVisible();
    expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@acme.example');
    expect(api.callsTo('POST', '/api/v1/admin/people')[0]?.body).toEqual({
      email: 'ada@acme.example',
      full_name: 'Ada Lovelace',
      role: 'member',
      job_title: null,
      team_id: null,
      cohort_id: null,
      is_admin: true,
    });

    refuse = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a person' })).not.toBeInTheDocument());
  });

  it("changes a person's role and cohort, sending only what changed", async () => {
    const patched: TUpdatePersonRequest[] = [];
    const withPatch = stubPeople({
      [`PATCH /api/v1/admin/people/${oliver.id}`]: (call) => {
        patched.push(call.body as TUpdatePersonRequest);
        return Response.json({ ...oliver, role: 'team_leader', cohort: AUTUMN });
      },
    });
    renderRoute(PATH);
    const panel = await openPanel('Oliver Bennett');

    await userEvent.click(panel.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Team leader' }));
    await userEvent.click(panel.getByRole('combobox', { name: 'Cohort' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Autumn 2026' }));
    await userEvent.click(panel.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(patched).toEqual([{ role: 'team_leader', cohort_id: AUTUMN.id }]));
    expect(await panel.findByText('Saved.')).toBeVisible();
    expect(withPatch.callsTo('PATCH', `/api/v1/admin/people/${oliver.id}`)).toHaveLength(1);
  });

  // Opens the panel and a menu of nine languages: more than the section's 20 s on a busy machine.
  it("sets a person's language from the organisation, sending only it", { timeout: 60_000 }, async () => {
    const patched: TUpdatePersonRequest[] = [];
    stubPeople({
      [`PATCH /api/v1/admin/people/${oliver.id}`]: (call) => {
        const body = call.body as TUpdatePersonRequest;
        patched.push(body);
        return Response.json({ ...oliver, directory_locale: body.directory_locale ?? null });
      },
    });
    renderRoute(PATH);
    await screen.findByRole('table', { name: 'People, by name' }, { timeout: 15_000 });
    const panel = await openPanel('Oliver Bennett');

    const language = panel.getByRole('combobox', { name: /Language/ });
    expect(language).toHaveValue('');
    await userEvent.click(language);
    await userEvent.click(await screen.findByRole('option', { name: 'Nederlands' }));
    await userEvent.click(panel.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patched).toEqual([{ directory_locale: 'nl-NL' }]));
    expect(await panel.findByText('Saved.')).toBeVisible();
    expect(panel.getByRole('combobox', { name: /Language/ })).toHaveValue('Nederlands');
  });

  it('keeps the choices and says why when a change is refused', async () => {
    stubPeople({
      [`PATCH /api/v1/admin/people/${mei.id}`]: problem(409, 'Your organisation must keep at least one administrator.'),
    });
    renderRoute(PATH);
    const panel = await openPanel('Mei Tanaka');

    await userEvent.click(panel.getByRole('switch', { name: /Administrator/ }));
    await userEvent.click(panel.getByRole('button', { name: 'Save changes' }));

    expect(await panel.findByText('Your organisation must keep at least one administrator.')).toBeVisible();
    expect(panel.getByRole('switch', { name: /Administrator/ })).not.toBeChecked();
    expect(panel.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('deactivates a person after asking, then offers to reactivate them', async () => {
    const api = stubPeople({
      [`POST /api/v1/admin/people/${oliver.id}/deactivate`]: () =>
        Response.json({ ...oliver, status: 'deactivated', deactivated_at: '2026-11-27T10:00:00.000Z' }),
    });
    renderRoute(PATH);
    const panel = await openPanel('Oliver Bennett');

    await userEvent.click(panel.getByRole('button', { name: 'Deactivate' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Deactivate Oliver Bennett?' }));
    expect(confirm.getByText(/history is kept/)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Deactivate' }));

    expect(await panel.findByRole('button', { name: 'Reactivate' })).toBeVisible();
    expect(api.callsTo('POST', `/api/v1/admin/people/${oliver.id}/deactivate`)).toHaveLength(1);
  });

  it('erases only once the administrator has typed the confirmation', async () => {
    const api = stubPeople({
      [`POST /api/v1/admin/people/${oliver.id}/erase`]: () =>
        Response.json({ ...oliver, full_name: 'Former member', email: '', erased: true, status: 'deactivated' }),
    });
    renderRoute(PATH);
    const panel = await openPanel('Oliver Bennett');

    await userEvent.click(panel.getByRole('button', { name: 'Erase personal data' }));
    const confirm = within(await screen.findByRole('dialog', { name: /Erase Oliver Bennett's personal data/ }));
    expect(confirm.getByText('This cannot be undone')).toBeVisible();
    const erase = confirm.getByRole('button', { name: 'Erase permanently' });
    expect(erase).toBeDisabled();
    await userEvent.type(confirm.getByRole('textbox', { name: 'Type ERASE to confirm' }), 'ERASE');
    await userEvent.click(erase);

    expect(await panel.findByText(/personal data has been erased/)).toBeVisible();
    expect(api.callsTo('POST', `/api/v1/admin/people/${oliver.id}/erase`)).toHaveLength(1);
  });

  it('pages through many people', async () => {
    const api = stubPeople({
      'GET /api/v1/admin/people': (call) =>
        Response.json(peoplePage([oliver], { total: 60, page: Number(call.query.get('page') ?? 1) })),
    });
    renderRoute(PATH);

    expect(await screen.findByText('60 people')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));

    await waitFor(() => expect(api.callsTo('GET', '/api/v1/admin/people').at(-1)?.query.get('page')).toBe('3'));
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves the people ticked in the table into a cohort at once', async () => {
    const api = stubPeople({
      [`POST /api/v1/admin/cohorts/${AUTUMN.id}/members`]: () =>
        Response.json({ moved: 2, cohort: createCohort({ ...AUTUMN, member_count: 2 }) }),
    });
    renderRoute(PATH);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Mei Tanaka' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Oliver Bennett' }));
    const bar = within(screen.getByRole('region', { name: 'Selected people' }));
    expect(bar.getByText('2 people selected')).toBeVisible();
    await userEvent.click(bar.getByRole('combobox', { name: 'Move to cohort' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Autumn 2026' }));
    await userEvent.click(bar.getByRole('button', { name: 'Move 2 people' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected people' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', `/api/v1/admin/cohorts/${AUTUMN.id}/members`).map((call) => call.body)).toEqual([
      { user_ids: [mei.id, oliver.id] },
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select Mei Tanaka' })).not.toBeChecked();
  });

  it("filters by team, from the organisation's teams", async () => {
    const api = stubPeople();
    renderRoute(PATH);
    await screen.findByRole('table', { name: 'People, by name' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sales' }));

    await waitFor(() => expect(api.callsTo('GET', '/api/v1/admin/people').at(-1)?.query.get('team_id')).toBe(SALES.id));
  });
});
