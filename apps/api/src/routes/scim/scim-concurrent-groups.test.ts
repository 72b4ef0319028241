import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { PATCH_OP, scimClient, type ScimClient } from './testing/scim.ts';

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

// Entra ID provisions with several requests in flight: membership changes of two groups that move
// the same people across (a person is in one team) must each succeed, never a 500 or a deadlock.
describeEachDatabase('SCIM groups changed at the same time', (getDatabase) => {
  let app: App;
  let scim: ScimClient;

  beforeAll(async () => {
    app = await createTestApp(getDatabase());
    scim = await scimClient(app, getDatabase().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('moves the same people between two groups from parallel requests', async () => {
    const people: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await scim.send(
        'POST',
        '/Users',
        scim.entraUser(`c${i}.${randomUUID().slice(0, 6)}@${scim.domain}`, randomUUID()),
      );
      people.push(created.json().id);
    }
    const groups: string[] = [];
    for (const name of ['Blue', 'Green']) {
      const created = await scim.send('POST', '/Groups', {
        schemas: [GROUP],
        displayName: `${name} ${randomUUID().slice(0, 6)}`,
      });
      groups.push(created.json().id);
    }
    const add = (group: string, members: string[]) =>
      scim.send('PATCH', `/Groups/${group}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Add', path: 'members', value: members.map((value) => ({ value })) }],
      });
    for (let round = 0; round < 5; round++) {
      const responses = await Promise.all([add(groups[0]!, people), add(groups[1]!, [...people].reverse())]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    // Everyone ended in exactly one of the two teams.
    const [blue, green] = await Promise.all(groups.map(async (g) => (await scim.send('GET', `/Groups/${g}`)).json()));
    expect(blue.members.length + green.members.length).toBe(people.length);
  });
});
