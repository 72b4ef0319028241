// Regenerates dev/idp/users.json from apps/api/seed/people.yaml:
//   npm run sync-users -w dev/idp
import { writeFile } from 'node:fs/promises';
import { buildUsersFixture, readPeopleFile } from './people-fixture.ts';
import { defaultUsersFile } from './users.ts';

const fixture = buildUsersFixture(await readPeopleFile());
await writeFile(defaultUsersFile, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`Wrote ${fixture.users.length} sign-in users to ${defaultUsersFile}.`);
