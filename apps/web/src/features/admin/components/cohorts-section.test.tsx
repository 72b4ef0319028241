import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  AUTUMN,
  createCohort,
  createPerson,
  createProgramme,
  createSettings,
  peoplePage,
  PROGRAMME,
  SPRING,
} from '../testing/factories.ts';
import { problem, stubAdminApi, type TRecordedCall } from '../testing/stub-admin-api.ts';

const spring = createCohort({ member_count: 12, is_default: true });
const autumn = createCohort({ ...AUTUMN, member_count: 0 });

function stubCohorts(routes: Record<string, (call: TRecordedCall) => Response> = {}) {
  return stubAdminApi({
    'GET /api/v1/admin/cohorts': () => Response.json([autumn, spring]),
    'GET /api/v1/admin/programmes': () => Response.json([createProgramme()]),
    'GET /api/v1/admin/settings': () =>
      Response.json(createSettings({ email_domains: ['acme.example'], default_cohort_id: SPRING.id })),
    ...routes,
  });
}

// Each test drives several screens through the UI: slower than the 5 s default on a busy machine.
describe('Cohorts', { timeout: 20_000 }, () => {
  it('lists cohorts with their programme, member count and the default', async () => {
    stubCohorts();
    renderRoute('/admin/cohorts');

    const table = await screen.findByRole('table', { name: 'Cohorts, by name' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(`Autumn 2026${PROGRAMME.name}0`);
    expect(second).toHaveTextContent('Spring 2026Default');
    expect(second).toHaveTextContent('12');
    expect(within(second as HTMLElement).queryByRole('button', { name: /Make .* default/ })).not.toBeInTheDocument();
  });

  it('creates a cohort in a programme, and shows a refusal keeping the name', async () => {
    let refuse = true;
    const api = stubCohorts({
      'POST /api/v1/admin/cohorts': () =>
        refuse
          ? problem(409, 'Your organisation already has a cohort called Autumn 2026.')()
          : Response.json(autumn, { status: 201 }),
    });
    renderRoute('/admin/cohorts');

    await userEvent.click(await screen.findByRole('button', { name: 'Create a cohort' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a cohort' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Autumn 2026');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await dialog.findByText(/already has a cohort called Autumn 2026/)).toBeVisible();
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Autumn 2026');
    refuse = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a cohort' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/v1/admin/cohorts').map((call) => call.body)).toEqual([
      { name: 'Autumn 2026', programme_id: PROGRAMME.id },
      { name: 'Autumn 2026', programme_id: PROGRAMME.id },
    ]);
  });

  it('renames a cohort, sending only the name', async () => {
    const api = stubCohorts({ [`PATCH /api/v1/admin/cohorts/${AUTUMN.id}`]: () => Response.json(autumn) });
    renderRoute('/admin/cohorts');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Autumn 2026' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Autumn 2026' }));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Autumn intake');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.callsTo('PATCH', `/api/v1/admin/cohorts/${AUTUMN.id}`).map((call) => call.body)).toEqual([
        { name: 'Autumn intake' },
      ]),
    );
  });

  it('makes a cohort the default, keeping the other settings', async () => {
    const api = stubCohorts({
      'PUT /api/v1/admin/settings': (call) => Response.json({ ...createSettings(), ...(call.body as object) }),
    });
    renderRoute('/admin/cohorts');

    await userEvent.click(await screen.findByRole('button', { name: 'Make Autumn 2026 the default cohort' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the default cohort?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Make default' }));

    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/v1/admin/settings').map((call) => call.body)).toEqual([
        { azure_tenant_ids: [], email_domains: ['acme.example'], default_cohort_id: AUTUMN.id },
      ]),
    );
  });

  it('moves the people chosen from one cohort to another', async () => {
    const ada = createPerson({ full_name: 'Ada Lovelace', email: 'ada@acme.example', cohort: AUTUMN });
    const bob = createPerson({ full_name: 'Bob Stone', email: 'bob@acme.example', cohort: AUTUMN });
    const api = stubCohorts({
      'GET /api/v1/admin/people': () => Response.json(peoplePage([ada, bob])),
      [`POST /api/v1/admin/cohorts/${SPRING.id}/members`]: () => Response.json({ moved: 1, cohort: spring }),
    });
    renderRoute('/admin/cohorts');

    await userEvent.click(await screen.findByRole('button', { name: 'Move people' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move people between cohorts' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Ada Lovelace/ }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'To' }));
    await userEvent.click(await screen.findByRole('option', { name: /Spring 2026/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Move 1 person' }));

    await waitFor(() =>
      expect(api.callsTo('POST', `/api/v1/admin/cohorts/${SPRING.id}/members`).map((call) => call.body)).toEqual([
        { user_ids: [ada.id] },
      ]),
    );
    expect(api.callsTo('GET', '/api/v1/admin/people').some((call) => call.query.get('cohort_id') === AUTUMN.id)).toBe(
      true,
    );
  });

  it('says when the cohorts, or the people to move, could not be loaded, and Try again loads them', async () => {
    const ada = createPerson({ full_name: 'Ada Lovelace', email: 'ada@acme.example', cohort: AUTUMN });
    const down = { cohorts: true, people: true };
    stubCohorts({
      'GET /api/v1/admin/cohorts': () => (down.cohorts ? problem(503, 'down')() : Response.json([autumn, spring])),
      'GET /api/v1/admin/people': () => (down.people ? problem(503, 'down')() : Response.json(peoplePage([ada]))),
    });
    renderRoute('/admin/cohorts');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cohorts could not be loaded');
    expect(alert).toHaveTextContent('The server could not complete this. Please try again in a moment.');
    down.cohorts = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Cohorts, by name' })).toBeVisible();
    expect(screen.queryByText('Cohorts could not be loaded')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Move people' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move people between cohorts' }));
    const peopleAlert = await dialog.findByRole('alert');
    expect(peopleAlert).toHaveTextContent('People could not be loaded');
    down.people = false;
    await userEvent.click(within(peopleAlert).getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByRole('checkbox', { name: /Ada Lovelace/ })).toBeVisible();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
