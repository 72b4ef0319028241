import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type UserRoleLabel = 'leader' | 'team leader' | 'member' | 'unknown' | 'untrusted tenant' | 'no account';

/** One person on the sign-in pages. Seeded people exist on both providers; the others on one. */
export type FixtureUser = {
  email: string;
  name: string;
  /** Shown next to the name; says which HabiTrack case this person exercises. */
  role: UserRoleLabel;
  note?: string;
  /** Hosted-service subject (`auth0|…`); absent = no hosted account. */
  hostedSubject?: string;
  /** Directory object id (GUID); absent = no corporate account. */
  directoryOid?: string;
  /** Directory tenant id; present exactly when directoryOid is. */
  tenantId?: string;
};

export type UsersFixture = {
  organisation: string;
  trustedTenantId: string;
  users: FixtureUser[];
};

export const defaultUsersFile = path.resolve(import.meta.dirname, '../users.json');

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function assertValid(fixture: UsersFixture, file: string): void {
  const problems: string[] = [];
  if (!GUID.test(fixture.trustedTenantId)) problems.push('trustedTenantId is not a GUID');
  const seen = new Set<string>();
  for (const user of fixture.users) {
    const who = user.email;
    if (!user.hostedSubject && !user.directoryOid) problems.push(`${who} has neither hostedSubject nor directoryOid`);
    if (user.hostedSubject && !user.hostedSubject.startsWith('auth0|'))
      problems.push(`${who}: hostedSubject must start with auth0|`);
    if (user.directoryOid && !GUID.test(user.directoryOid)) problems.push(`${who}: directoryOid is not a GUID`);
    if (Boolean(user.directoryOid) !== Boolean(user.tenantId))
      problems.push(`${who}: directoryOid and tenantId go together`);
    if (user.tenantId && !GUID.test(user.tenantId)) problems.push(`${who}: tenantId is not a GUID`);
    for (const key of [user.email, user.hostedSubject, user.directoryOid]) {
      if (key && seen.has(key)) problems.push(`${key} appears twice`);
      if (key) seen.add(key);
    }
  }
  if (problems.length) throw new Error(`The dev sign-in users file ${file} is invalid: ${problems.join('; ')}.`);
}

export async function loadUsers(file: string = defaultUsersFile): Promise<UsersFixture> {
  const fixture = JSON.parse(await readFile(file, 'utf8')) as UsersFixture;
  assertValid(fixture, file);
  return fixture;
}

export type HostedUser = FixtureUser & { hostedSubject: string };
export type DirectoryUser = FixtureUser & { directoryOid: string; tenantId: string };

export function hostedUsers(fixture: UsersFixture): HostedUser[] {
  return fixture.users.filter((user): user is HostedUser => Boolean(user.hostedSubject));
}

export function directoryUsers(fixture: UsersFixture): DirectoryUser[] {
  return fixture.users.filter((user): user is DirectoryUser => Boolean(user.directoryOid && user.tenantId));
}
