import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/test-app.ts';

type Operation = { summary?: string; tags?: string[]; responses?: Record<string, { description?: string }> };
type ApiDocument = { paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
const DEVELOPER_PATHS = ['/api/v1/auth/reset-user-data', '/api/v1/auth/simple-test', '/api/v1/auth/debug-token'];
// What the OpenAPI generator writes for a response nobody described.
const UNDESCRIBED = 'Default Response';

function operations(document: ApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, operation })),
  );
}

// The API reference served at /api/docs, read the way a developer reads it: every operation says
// what it does and what each of its answers means.
describe('the API reference (/api/docs/json)', () => {
  let database: TestDatabase;
  const documents: Record<'on' | 'off', ApiDocument> = { on: { paths: {} }, off: { paths: {} } };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    for (const devTools of [true, false]) {
      const app = await createTestApp(database, { config: { devTools } });
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      documents[devTools ? 'on' : 'off'] = response.json<ApiDocument>();
      await app.close();
    }
  }, 60_000);
  afterAll(() => database.dispose());

  it.each(['on', 'off'] as const)('with developer tools %s, gives every operation a summary', (tools) => {
    const list = operations(documents[tools]);
    expect(list.length).toBeGreaterThan(20);
    const missing = list.filter(({ operation }) => !operation.summary?.trim()).map(({ name }) => name);
    expect(missing, 'operations without a summary').toEqual([]);
  });

  it.each(['on', 'off'] as const)('with developer tools %s, describes every response of every operation', (tools) => {
    const undescribed: string[] = [];
    for (const { name, operation } of operations(documents[tools])) {
      const responses = Object.entries(operation.responses ?? {});
      if (responses.length === 0) undescribed.push(`${name}: no response`);
      for (const [status, response] of responses) {
        const description = response.description?.trim() ?? '';
        if (!description || description === UNDESCRIBED) undescribed.push(`${name} ${status}`);
      }
    }
    expect(undescribed, 'responses without a description').toEqual([]);
  });

  it('lists the developer-only operations only while developer tools are on', () => {
    const paths = (tools: 'on' | 'off') => operations(documents[tools]).map(({ path }) => path);
    expect(paths('on')).toEqual(expect.arrayContaining(DEVELOPER_PATHS));
    for (const path of DEVELOPER_PATHS) expect(paths('off')).not.toContain(path);
    const tagged = operations(documents.off).filter(({ operation }) => operation.tags?.includes('developer tools'));
    expect(tagged.map(({ name }) => name)).toEqual([]);
  });
});
