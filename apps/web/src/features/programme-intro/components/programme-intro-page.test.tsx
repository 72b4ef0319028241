import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import { createProgramme } from '../testing/create-programme.ts';

const CURRENT = '/api/v1/programmes/current';

describe('programme intro', () => {
  it('shows the programme name and renders its introduction as HTML', async () => {
    const programme = createProgramme({
      intro_content: '<h2>Welcome aboard</h2><p>Small habits, <strong>big</strong> change.</p>',
      description: 'Not shown when there is an introduction.',
    });
    stubApi({ [CURRENT]: () => Response.json(programme) });
    renderRoute('/programme/intro');

    expect(await screen.findByRole('heading', { level: 1, name: 'Inclusive Leadership 2025' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome aboard' })).toBeVisible();
    expect(screen.getByText('big').tagName).toBe('STRONG');
    expect(screen.queryByText('Programme Overview')).not.toBeInTheDocument();
    expect(screen.queryByText('Not shown when there is an introduction.')).not.toBeInTheDocument();
  });

  it('shows the description under Programme Overview when there is no introduction', async () => {
    const programme = createProgramme({ description: 'Twelve weeks of deliberate practice.' });
    stubApi({ [CURRENT]: () => Response.json(programme) });
    renderRoute('/programme/intro');

    expect(await screen.findByRole('heading', { level: 2, name: 'Programme Overview' })).toBeVisible();
    expect(screen.getByText('Twelve weeks of deliberate practice.')).toBeVisible();
  });

  it('says there is no information when the programme has neither', async () => {
    stubApi({ [CURRENT]: () => Response.json(createProgramme({ intro_content: '  ', description: null })) });
    renderRoute('/programme/intro');

    expect(await screen.findByText('No programme information available.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Inclusive Leadership 2025' })).toBeVisible();
  });

  it('uses the default programme name when the member has no programme', async () => {
    stubApi({ [CURRENT]: () => Response.json({ detail: 'No current programme' }, { status: 404 }) });
    renderRoute('/programme/intro');

    expect(await screen.findByRole('heading', { level: 1, name: 'Leadership Excellence Programme' })).toBeVisible();
    expect(screen.getByText('No programme information available.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue to Module 1' })).toBeEnabled();
  });

  it('shows a loading state while the programme loads', async () => {
    stubApi({ [CURRENT]: () => new Promise<Response>(() => {}) });
    renderRoute('/programme/intro');

    expect(await screen.findByRole('status', { name: 'Loading your programme...' })).toBeVisible();
  });

  it('offers a retry when the programme cannot be loaded', async () => {
    let calls = 0;
    stubApi({
      [CURRENT]: () => {
        calls += 1;
        return calls === 1
          ? Response.json({ detail: 'boom' }, { status: 500 })
          : Response.json(createProgramme({ name: 'Second Try' }));
      },
    });
    renderRoute('/programme/intro');

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your programme");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Second Try' })).toBeVisible();
  });

  it('continues to habit selection', async () => {
    stubApi({ [CURRENT]: () => Response.json(createProgramme()) });
    const { router } = renderRoute('/programme/intro');

    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Module 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programme/behaviour-habit-selection'));
  });
});
