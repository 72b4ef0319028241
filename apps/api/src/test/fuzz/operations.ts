import type { App } from '../../app.ts';
import type { JsonSchema } from './schema-values.ts';
import type { Operation, Parameter } from './requests.ts';

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

// Every /api/v1 operation the API documents, so a new endpoint is fuzzed the day it is added.
export function documentedOperations(app: App): Operation[] {
  const document = app.swagger() as Document;
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      })),
    );
}

export const operationName = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;
