import { describe, expect, it } from 'vitest';
import {
  buildUsersFixture,
  directoryOidFor,
  hostedSubjectFor,
  readPeopleFile,
  untrustedTenantId,
} from './people-fixture.ts';
import { directoryUsers, hostedUsers, loadUsers } from './users.ts';

describe('sign-in users fixture (dev/idp/users.json)', () => {
  it('has every person of apps/api/seed/people.yaml, with their role, on both providers', async () => {
    const [people, fixture] = await Promise.all([readPeopleFile(), loadUsers()]);
    expect(people.people.length).toBeGreaterThan(0);
    expect(fixture.trustedTenantId).toBe(people.trustedTenantId);
    for (const person of people.people) {
      const user = fixture.users.find((candidate) => candidate.email === person.email);
      expect(user, `${person.email} is missing: run npm run sync-users -w dev/idp`).toBeDefined();
      expect(user).toMatchObject({
        name: person.name,
        role: person.role,
        hostedSubject: hostedSubjectFor(person.email),
        directoryOid: directoryOidFor(person.email),
        tenantId: people.trustedTenantId,
      });
    }
    expect(fixture.users.map((user) => user.role)).toEqual(expect.arrayContaining(['leader', 'team leader', 'member']));
  });

  it('has a person for each 401 case: unknown, untrusted tenant, no account', async () => {
    const fixture = await loadUsers();
    const unknown = directoryUsers(fixture).find((user) => user.role === 'unknown');
    expect(unknown?.tenantId).toBe(fixture.trustedTenantId);
    const untrusted = directoryUsers(fixture).filter((user) => user.role === 'untrusted tenant');
    expect(untrusted.map((user) => user.email)).toContain('pat@globex.example');
    expect(untrusted.every((user) => user.tenantId === untrustedTenantId)).toBe(true);
    const noAccount = hostedUsers(fixture).find((user) => user.role === 'no account');
    expect(noAccount?.email).toBe('someone@example.net');
    expect(noAccount?.directoryOid).toBeUndefined();
  });

  it('is exactly what sync-users makes from people.yaml (identities never drift)', async () => {
    const [people, fixture] = await Promise.all([readPeopleFile(), loadUsers()]);
    expect(fixture).toEqual(buildUsersFixture(people));
  });
});
