import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The API's layers are lint rules (eslint.config.js, docs/ARCHITECTURE.md#layers): each is proven
// here to refuse what it forbids, on a file written in the layer it guards, and to let the
// ordinary path through.
const root = fileURLToPath(new URL('../../../', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/api/src/${filePath}` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the API layers', () => {
  it('refuses a route that reaches the database', async () => {
    expect(await problems('routes/habits/probe.ts', "export { openDatabase } from '../../db/client.ts';\n")).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*Routes call services/),
    ]);
  });

  it('refuses a route that calls the bulk-write layer', async () => {
    expect(
      await problems('routes/admin/probe.ts', "export { importPeople } from '../../imports/import-people.ts';\n"),
    ).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*bulk-write layer/)]);
  });

  it('refuses a service that uses Drizzle or the tables', async () => {
    expect(await problems('services/habits/probe.ts', "export { eq } from 'drizzle-orm';\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Services never use Drizzle/),
    ]);
    expect(await problems('services/habits/probe.ts', "export { sql } from 'drizzle-orm/sql';\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Services never use Drizzle/),
    ]);
    expect(await problems('services/habits/probe.ts', "export { users } from '../../db/schema/index.ts';\n")).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*Services never touch tables/),
    ]);
  });

  it('refuses the bulk-write layer calling a service', async () => {
    expect(
      await problems('imports/probe.ts', "export { getInsights } from '../services/insights/insights.service.ts';\n"),
    ).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*beneath the services/)]);
  });

  it('refuses production code that imports a test kit', async () => {
    expect(await problems('routes/scim/probe.ts', "export { scimClient } from './testing/scim.ts';\n")).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*never imports a test kit/),
    ]);
    expect(await problems('mail/probe.ts', "export { createWorld } from '../test/world.ts';\n")).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*never imports a test kit/),
    ]);
  });

  it('lets the ordinary path through: route → service → query, and tests use their kits', async () => {
    expect(
      await problems(
        'routes/habits/probe.ts',
        "export { listHabits } from '../../services/habits/habits.service.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'services/habits/probe.ts',
        "export { listActiveUserHabits } from '../../db/queries/habits/user-habits.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'routes/scim/probe.test.ts',
        "export { scimClient } from './testing/scim.ts';\nexport { openDatabase } from '../../db/client.ts';\n",
      ),
    ).toEqual([]);
  });
});
