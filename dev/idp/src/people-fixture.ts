import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { FixtureUser, UserRoleLabel, UsersFixture } from './users.ts';

/** The demo organisation's people, as the API seeds them. */
export const defaultPeopleFile = path.resolve(import.meta.dirname, '../../../apps/api/seed/people.yaml');

/** Globex: a tenant no organisation trusts. */
export const untrustedTenantId = '2d7b9e41-6c3a-4f85-8e1d-5a9c0b7f3e26';

export type SeededPerson = { email: string; name: string; role: UserRoleLabel };
export type PeopleFile = { organisation: string; trustedTenantId: string; people: SeededPerson[] };

type RawPeopleFile = {
  organisation?: { name?: string; azure_tenant_ids?: string[] };
  users?: { email?: string; full_name?: string; role?: string }[];
};

const roleLabels: Record<string, UserRoleLabel> = { leader: 'leader', team_leader: 'team leader', member: 'member' };

export async function readPeopleFile(file: string = defaultPeopleFile): Promise<PeopleFile> {
  const raw = parse(await readFile(file, 'utf8')) as RawPeopleFile;
  const trustedTenantId = raw.organisation?.azure_tenant_ids?.[0];
  if (!raw.organisation?.name || !trustedTenantId) {
    throw new Error(`${file} names no organisation with an Azure tenant id.`);
  }
  const people = (raw.users ?? []).map((user) => {
    const role = roleLabels[user.role ?? 'member'];
    if (!user.email || !user.full_name || !role)
      throw new Error(`${file}: a user lacks email, full_name or a known role.`);
    return { email: user.email.toLowerCase(), name: user.full_name, role };
  });
  return { organisation: raw.organisation.name, trustedTenantId, people };
}

function digest(label: string, email: string): string {
  return createHash('sha256').update(`${label}|${email.toLowerCase()}`).digest('hex');
}

/** Stable per e-mail, so regenerating the fixture never changes anyone's identity. */
export function hostedSubjectFor(email: string): string {
  return `auth0|${digest('hosted', email).slice(0, 24)}`;
}

/** A version-4-shaped GUID, stable per e-mail. */
export function directoryOidFor(email: string): string {
  const hex = digest('directory', email);
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The people every 401 case needs (docs/domain/tenancy-and-identity.md#account-problems), besides
 * the seeded ones.
 */
function casePeople(people: PeopleFile): FixtureUser[] {
  const domain = people.people[0]?.email.split('@')[1] ?? 'acme.example';
  const corporate = (email: string, tenantId: string) => ({
    hostedSubject: undefined,
    directoryOid: directoryOidFor(email),
    tenantId,
  });
  return [
    {
      email: `newcomer@${domain}`,
      name: 'Nia Newcomer',
      role: 'unknown',
      note: `${people.organisation} tenant, not provisioned in HabiTrack`,
      ...corporate(`newcomer@${domain}`, people.trustedTenantId),
    },
    {
      email: `jordan.reyes@${domain}`,
      name: 'Jordan Reyes',
      role: 'untrusted tenant',
      note: `${people.organisation} e-mail from a tenant ${people.organisation} does not trust`,
      ...corporate(`jordan.reyes@${domain}`, untrustedTenantId),
    },
    {
      email: 'pat@globex.example',
      name: 'Pat Globex',
      role: 'untrusted tenant',
      note: 'organisation not registered in HabiTrack',
      ...corporate('pat@globex.example', untrustedTenantId),
    },
    {
      email: 'someone@example.net',
      name: 'Sam Someone',
      role: 'no account',
      note: 'HabiTrack account without a HabiTrack user',
      hostedSubject: hostedSubjectFor('someone@example.net'),
    },
  ];
}

const roleOrder: UserRoleLabel[] = ['leader', 'team leader', 'member'];

export function buildUsersFixture(people: PeopleFile): UsersFixture {
  const seeded = [...people.people]
    .sort((a, b) => roleOrder.indexOf(a.role) - roleOrder.indexOf(b.role))
    .map((person): FixtureUser => ({
      email: person.email,
      name: person.name,
      role: person.role,
      hostedSubject: hostedSubjectFor(person.email),
      directoryOid: directoryOidFor(person.email),
      tenantId: people.trustedTenantId,
    }));
  const users = [...seeded, ...casePeople(people)].map(
    (user) => Object.fromEntries(Object.entries(user).filter(([, value]) => value !== undefined)) as FixtureUser,
  );
  return { organisation: people.organisation, trustedTenantId: people.trustedTenantId, users };
}
