import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createHabit, createProgramme, PROGRAMME } from '../testing/factories.ts';
import { problem, stubAdminApi, type TRecordedCall } from '../testing/stub-admin-api.ts';

const active = createHabit({
  name: 'Ask one open question',
  positive_changes: [
    {
      id: '70000000-0000-4000-8000-000000000001',
      position: 1,
      name: 'Better ideas',
      description: null,
      category: 'team',
      translations: {},
    },
  ],
});
const retired = createHabit({ name: 'Daily stand-up notes', retired: true, retired_at: '2026-11-01T00:00:00.000Z' });
const programme = createProgramme({
  behaviours: [
    {
      id: active.behaviour_id,
      position: 1,
      name: 'Active listening',
      description: 'Hear people out.',
      translations: {},
      habits: [active, retired],
    },
  ],
});

function stubContent(routes: Record<string, (call: TRecordedCall) => Response> = {}) {
  return stubAdminApi({
    'GET /api/v1/admin/programmes': () => Response.json([createProgramme({ modules: [], behaviours: [] })]),
    [`GET /api/v1/admin/programmes/${PROGRAMME.id}`]: () => Response.json(programme),
    ...routes,
  });
}

async function openBehaviour() {
  await userEvent.click(await screen.findByRole('button', { name: /Active listening/ }));
  return screen.findByText('Hear people out.');
}

// Each test drives several screens through the UI: slower than the 5 s default on a busy machine.
describe('Programme content', { timeout: 20_000 }, () => {
  it('shows modules, behaviours, habits (retired ones marked) and positive changes', async () => {
    stubContent();
    renderRoute('/admin/content');

    expect(await screen.findByRole('heading', { level: 2, name: PROGRAMME.name })).toBeVisible();
    expect(screen.getByText('Listening')).toBeVisible();
    await openBehaviour();
    expect(await screen.findByRole('button', { name: 'Retire the habit Ask one open question' })).toBeVisible();
    expect(screen.getByText('Ask one open question')).toBeVisible();
    expect(screen.getByText('Better ideas')).toBeVisible();
    expect(screen.getByText('Retired')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Restore the habit Daily stand-up notes' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retire the habit Ask one open question' })).toBeVisible();
  });

  it('retires a habit', async () => {
    const api = stubContent({
      [`POST /api/v1/admin/habits/${active.id}/retire`]: () => Response.json({ ...active, retired: true }),
    });
    renderRoute('/admin/content');
    await openBehaviour();

    await userEvent.click(await screen.findByRole('button', { name: 'Retire the habit Ask one open question' }));

    await waitFor(() => expect(api.callsTo('POST', `/api/v1/admin/habits/${active.id}/retire`)).toHaveLength(1));
  });

  it("edits a habit's texts, sending only what changed, and keeps them when refused", async () => {
    let refuse = true;
    const api = stubContent({
      [`PATCH /api/v1/admin/habits/${active.id}`]: () =>
        refuse
          ? problem(409, 'This behaviour already has a habit called Daily stand-up notes.')()
          : Response.json(active),
    });
    renderRoute('/admin/content');
    await openBehaviour();

    await userEvent.click(await screen.findByRole('button', { name: 'Edit the habit Ask one open question' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit the habit Ask one open question' }));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Daily stand-up notes');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText(/already has a habit called/)).toBeVisible();
    expect(name).toHaveValue('Daily stand-up notes');
    refuse = false;
    await userEvent.clear(name);
    await userEvent.type(name, 'Ask two open questions');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', `/api/v1/admin/habits/${active.id}`).map((call) => call.body)).toEqual([
      { name: 'Daily stand-up notes' },
      { name: 'Ask two open questions' },
    ]);
  });

  it('adds a habit to a behaviour', async () => {
    const api = stubContent({
      [`POST /api/v1/admin/behaviours/${active.behaviour_id}/habits`]: () => Response.json(active, { status: 201 }),
    });
    renderRoute('/admin/content');
    await openBehaviour();

    await userEvent.click(await screen.findByRole('button', { name: 'Add a habit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a habit to Active listening' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Summarise what you heard');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the habit' }));

    await waitFor(() =>
      expect(api.callsTo('POST', `/api/v1/admin/behaviours/${active.behaviour_id}/habits`)[0]?.body).toEqual({
        name: 'Summarise what you heard',
        description: '',
        instructions: '',
        difficulty: 'easy',
        estimated_time_minutes: 5,
        default_duration_days: 60,
        tips: [],
      }),
    );
  });

  it("edits a habit's German texts beside its own, keeping the other languages' and removing an emptied one", async () => {
    const translated = createHabit({
      ...active,
      tips: ['Start with "what"'],
      translations: { 'fr-FR': { name: 'Poser une question ouverte' } },
    });
    const api = stubContent({
      [`GET /api/v1/admin/programmes/${PROGRAMME.id}`]: () =>
        Response.json({ ...programme, behaviours: [{ ...programme.behaviours[0]!, habits: [translated] }] }),
      [`PATCH /api/v1/admin/habits/${active.id}`]: () => Response.json(translated),
    });
    renderRoute('/admin/content');
    await openBehaviour();

    await userEvent.click(await screen.findByRole('button', { name: 'Edit the habit Ask one open question' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Edit the habit Ask one open question' }));
    expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveValue("English (UK) (the programme's language)");
    await userEvent.click(dialog.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    // Only the texts: no difficulty or minutes to translate, and none required.
    expect(dialog.queryByRole('combobox', { name: 'Difficulty' })).not.toBeInTheDocument();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('');
    expect(name).not.toBeRequired();
    await userEvent.type(name, 'Eine offene Frage stellen');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The French one is shown as stored; emptied, it is removed.
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the habit Ask one open question' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Edit the habit Ask one open question' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Français' }));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Poser une question ouverte');
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Name' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(api.callsTo('PATCH', `/api/v1/admin/habits/${active.id}`).map((call) => call.body)).toEqual([
      { translations: { 'de-DE': { name: 'Eine offene Frage stellen' } } },
      { translations: { 'fr-FR': null } },
    ]);
  });
});
