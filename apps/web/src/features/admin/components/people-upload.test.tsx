import type { TImportPeopleResponse } from '@habitrack/contracts/admin/people';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCohort, createPerson, peoplePage } from '../testing/factories.ts';
import { stubXhr } from '../testing/fake-xhr.ts';
import { stubAdminApi } from '../testing/stub-admin-api.ts';

const CSV = 'email,full_name,team\nada@acme.example,Ada Lovelace,Engineering\n';
const counts = (created: number, updated = 0, unchanged = 0) => ({ created, updated, unchanged });

function importAnswer(dryRun: boolean): TImportPeopleResponse {
  return {
    dry_run: dryRun,
    organisation_slug: 'acme',
    counts: {
      organisation: counts(0, 0, 1),
      teams: counts(0, 0, 1),
      users: counts(1, 2, 40),
      team_managers: counts(0),
      cohorts: counts(0),
      cohort_members: counts(1),
    },
  };
}

async function openUpload() {
  stubAdminApi({
    'GET /api/v1/admin/people': () => Response.json(peoplePage([createPerson()])),
    'GET /api/v1/admin/cohorts': () => Response.json([createCohort()]),
  });
  renderRoute('/admin/people');
  await userEvent.click(await screen.findByRole('button', { name: 'Upload a people file' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload a people file' });
  // Mantine's FileInput is a button that opens a hidden file input.
  const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!fileInput) throw new Error('no file input in the upload dialog');
  return { ...within(dialog), fileInput };
}

// Each test drives several screens through the UI: slower than the 5 s default on a busy machine.
describe('People: bulk upload', { timeout: 20_000 }, () => {
  it('previews what a file will change, then applies it and sums up what changed', async () => {
    const sent = stubXhr((request) => {
      const body = request.body as { dry_run: boolean };
      return { status: 200, body: importAnswer(body.dry_run) };
    });
    const dialog = await openUpload();

    await userEvent.upload(dialog.fileInput, new File([CSV], 'people.csv', { type: 'text/csv' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Check the file' }));

    const preview = await dialog.findByRole('table', { name: /Changes if you apply the file/ });
    const people = within(preview).getByRole('row', { name: /People/ });
    expect(
      within(people)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '2', '40']);
    expect(sent[0]?.body).toEqual({ format: 'csv', source: CSV, dry_run: true });
    expect(sent[0]?.headers.Authorization).toBe('Bearer fake-access-token');

    await userEvent.click(dialog.getByRole('button', { name: 'Apply the changes' }));

    expect(await dialog.findByText('The file has been applied')).toBeVisible();
    expect(dialog.getByRole('table', { name: 'Changes made' })).toBeVisible();
    expect(sent.map((request) => (request.body as { dry_run: boolean }).dry_run)).toEqual([true, false]);
  });

  it("lists a file's problems by line and field, and writes nothing", async () => {
    const sent = stubXhr(() => ({
      status: 400,
      body: {
        detail: 'The people file has 2 problems.',
        problems: [
          { line: 2, path: 'email', message: 'must be an e-mail address' },
          { line: 3, path: 'role', message: 'must be leader, team_leader or member' },
        ],
      },
    }));
    const dialog = await openUpload();

    await userEvent.upload(dialog.fileInput, new File([CSV], 'people.yaml'));
    await userEvent.click(dialog.getByRole('button', { name: 'Check the file' }));

    expect(await dialog.findByText('The people file has 2 problems.')).toBeVisible();
    const problems = dialog.getByRole('table', { name: 'Problems found in the file' });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent('2emailmust be an e-mail address');
    expect(dialog.getByText(/Nothing was changed/)).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Apply the changes' })).not.toBeInTheDocument();
    expect((sent[0]?.body as { format: string }).format).toBe('yaml');
  });

  it('refuses a file that is neither YAML nor CSV before sending it', async () => {
    const sent = stubXhr(() => ({ status: 200, body: importAnswer(true) }));
    const dialog = await openUpload();

    await userEvent.upload(dialog.fileInput, new File(['x'], 'people.xlsx'), {
      applyAccept: false,
    });

    expect(await dialog.findByText('Choose a .yaml, .yml or .csv file.')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Check the file' })).toBeDisabled();
    await waitFor(() => expect(sent).toEqual([]));
  });
});
