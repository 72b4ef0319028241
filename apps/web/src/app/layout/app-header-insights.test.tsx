import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { createMe, stubApi } from '../../test/stub-api.ts';

const noProgramme = () => Response.json({ detail: 'No programme' }, { status: 404 });

// A leader and an administrator see the whole programme, a team leader their departments, anyone
// else no link (docs/domain/insights.md#who-sees-what).
describe('common header: insights', () => {
  const linkFor = async (me: Parameters<typeof createMe>[0]) => {
    stubApi({ '/api/v1/auth/me': () => Response.json(createMe(me)), '/api/v1/programmes/current': noProgramme });
    renderRoute('/no-such-page');
    const banner = await screen.findByRole('banner');
    await within(banner).findByText(/Welcome/);
    return within(banner);
  };

  it("links an administrator to the whole programme's insights, whatever the programme role", async () => {
    const banner = await linkFor({ role: 'team_leader', is_admin: true });
    expect(await banner.findByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/leader/insights');
  });

  it('links a team leader to their departments', async () => {
    const teamLeader = await linkFor({ role: 'team_leader', is_admin: false });
    expect(await teamLeader.findByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/team-leader/insights');
  });

  it('shows no insights link to a member', async () => {
    const member = await linkFor({ role: 'member', is_admin: false });
    expect(await member.findByRole('link', { name: 'Notifications' })).toBeVisible();
    expect(member.queryByRole('link', { name: 'Insights' })).not.toBeInTheDocument();
  });
});
