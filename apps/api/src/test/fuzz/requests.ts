import fc from 'fast-check';
import { garbage, hostileString, RAW, spliceRawLiterals } from './hostile-values.ts';
import { hostileValue, objectValue, validValue, type IdPool, type JsonSchema } from './schema-values.ts';

export type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema };

// One documented operation, as the OpenAPI document describes it.
export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
};

// A body far past the limit is described by its size and built only when sent, so a failure
// report stays readable.
export type Payload = string | { bytes: number };

export type FuzzRequest = {
  caller: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: Payload;
};

export const BODY_LIMIT_BYTES = 64 * 1024;

export function materialise(payload: Payload): string {
  if (typeof payload === 'string') return payload;
  return `{"title":"${'x'.repeat(Math.max(payload.bytes - 12, 0))}"}`;
}

// Text for a URL or a header from any generated value.
function asText(value: unknown): string {
  if (typeof value === 'string') return value.startsWith(RAW) ? value.slice(RAW.length) : value;
  return JSON.stringify(value) ?? 'undefined';
}

// URL text: lone surrogates cannot be percent-encoded, so they become U+FFFD; `raw` keeps `%`
// as typed, so malformed escapes such as %E0%A4%A reach the server.
function urlText(value: string, raw: boolean): string {
  const wellFormed = value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  if (!raw) return encodeURIComponent(wellFormed);
  return wellFormed.replace(/[^A-Za-z0-9\-._~%!$'()*+,;:@]/gu, (c) => encodeURIComponent(c));
}

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));

const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'UTC',
    'Europe/London',
    'Mars/Olympus_Mons',
    'Etc/GMT+99',
    'UTC+99:99',
    '../../../etc/localtime',
    'Europe/Zürich',
    'null',
    '-1',
    '*/*',
  ),
  fc.string({ unit: printable, maxLength: 200 }),
  fc.constantFrom(1000, 8000, 16_000).map((length) => 'A'.repeat(length)),
);

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { arbitrary: fc.constant({}), weight: 2 },
  fc.record(
    {
      'x-time-zone': headerValue,
      accept: fc.oneof(headerValue, fc.constantFrom('text/html', 'application/xml', 'application/json;q=0')),
      'accept-language': headerValue,
      'user-agent': headerValue,
      'x-forwarded-for': headerValue,
      'x-request-id': headerValue,
      origin: headerValue,
      cookie: headerValue,
    },
    { requiredKeys: [] },
  ),
);

const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'application/merge-patch+json',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/jsonx',
  '*/*',
  ';;;',
);

const invalidJson = fc.constantFrom(
  '',
  ' ',
  '{',
  '{"a":',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '{"a":1,}',
  '\uFEFF{}',
  '[1,2',
  '"unterminated',
  '{"__proto__":{"is_admin":true}}',
  '{"constructor":{"prototype":{"is_admin":true}}}',
  'null',
  '0',
  '"text"',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
);

// Bodies over the limit (a little and far) and just under it.
const sizedPayload: fc.Arbitrary<Payload> = fc.constantFrom(
  { bytes: BODY_LIMIT_BYTES + 1 },
  { bytes: 2 * 1024 * 1024 },
  { bytes: BODY_LIMIT_BYTES - 1 },
);

const json = (value: unknown) => spliceRawLiterals(JSON.stringify(value) ?? 'null');

function bodyFor(operation: Operation, ids: IdPool): fc.Arbitrary<Payload | undefined> {
  const schema = operation.body;
  const alwaysAvailable = [
    { arbitrary: garbage.map(json), weight: 1 },
    { arbitrary: invalidJson, weight: 1 },
    { arbitrary: sizedPayload, weight: 1 },
  ];
  if (schema) {
    const first = Object.keys(schema.properties ?? {})[0];
    return fc.oneof(
      { arbitrary: objectValue(schema, ids, 'valid').map(json), weight: 5 },
      { arbitrary: objectValue(schema, ids, 'hostile').map(json), weight: 5 },
      // The same key twice: which one wins must not matter to safety.
      ...(first
        ? [
            {
              arbitrary: fc
                .tuple(garbage, validValue(schema.properties![first]!, ids, first))
                .map(([bad, good]) => `{"${first}":${json(bad)},"${first}":${json(good)}}`),
              weight: 1,
            },
          ]
        : []),
      ...alwaysAvailable,
    );
  }
  const none = fc.constant(undefined);
  return operation.method === 'GET' || operation.method === 'DELETE'
    ? fc.oneof({ arbitrary: none, weight: 12 }, ...alwaysAvailable)
    : fc.oneof({ arbitrary: none, weight: 6 }, { arbitrary: fc.constant('{}'), weight: 2 }, ...alwaysAvailable);
}

// A bare `{id}` is named by the path segment before it: `/goals/{id}` holds a goal id.
function hintFor(operation: Operation, parameter: Parameter): string {
  if (parameter.name !== 'id') return parameter.name;
  return operation.path.split('/{id}')[0]!.split('/').at(-1) ?? '';
}

function pathFor(operation: Operation, ids: IdPool): fc.Arbitrary<string> {
  const params = operation.parameters.filter((p) => p.in === 'path');
  const values = params.map((p) =>
    fc.oneof(
      { arbitrary: validValue(p.schema, ids, hintFor(operation, p)), weight: 6 },
      { arbitrary: hostileValue(p.schema, ids, hintFor(operation, p)), weight: 2 },
    ),
  );
  return fc
    .tuple(fc.tuple(...values), fc.constantFrom('', '', '', '', '', '/'), fc.boolean())
    .map(([filled, slash, raw]) => {
      let path = operation.path;
      params.forEach((p, i) => {
        path = path.replace(`{${p.name}}`, urlText(asText(filled[i]), raw));
      });
      // Documented with or without a trailing slash; the other spelling should answer too.
      return slash && !path.endsWith('/') ? `${path}/` : path;
    });
}

function queryFor(operation: Operation, ids: IdPool): fc.Arbitrary<string> {
  const params = operation.parameters.filter((p) => p.in === 'query');
  const pairs = params.map((p) =>
    fc.oneof(
      { arbitrary: validValue(p.schema, ids, p.name).map((v) => [[p.name, asText(v)]]), weight: 6 },
      { arbitrary: hostileValue(p.schema, ids, p.name).map((v) => [[p.name, asText(v)]]), weight: 3 },
      { arbitrary: fc.constant([]), weight: 1 },
      // Repeated: the parser hands the handler an array.
      {
        arbitrary: fc.tuple(validValue(p.schema, ids, p.name), hostileString).map(([a, b]) => [
          [p.name, asText(a)],
          [p.name, b],
        ]),
        weight: 1,
      },
    ),
  );
  const extras = fc.oneof(
    { arbitrary: fc.constant([] as string[][]), weight: 6 },
    fc.array(fc.tuple(hostileString, hostileString), { minLength: 1, maxLength: 4 }),
    fc.constantFrom(2000, 20_000).map((length) => [['q', 'q'.repeat(length)]]),
    fc.constant([
      ['__proto__[is_admin]', 'true'],
      ['constructor[prototype][x]', '1'],
    ]),
  );
  const text = (all: string[][], raw: boolean) =>
    all.length === 0 ? '' : `?${all.map(([k, v]) => `${urlText(k!, raw)}=${urlText(v!, raw)}`).join('&')}`;
  const mixed = fc
    .tuple(fc.tuple(...pairs), extras, fc.boolean())
    .map(([chosen, extra, raw]) => text([...chosen.flat(), ...extra] as string[][], raw));
  if (params.length === 0) return mixed;
  // Only documented parameters, each valid or left out: with several parameters the mixed queries
  // above almost always hold one bad value, and the success path behind them would go untried.
  const wellFormed = fc
    .tuple(...params.map((p) => fc.option(validValue(p.schema, ids, p.name).map((v) => [p.name, asText(v)]))))
    .map((chosen) =>
      text(
        chosen.filter((pair): pair is string[] => pair !== null),
        false,
      ),
    );
  return fc.oneof({ arbitrary: mixed, weight: 3 }, { arbitrary: wellFormed, weight: 1 });
}

export function requestFor(
  operation: Operation,
  callers: fc.Arbitrary<string>,
  ids: IdPool,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      caller: callers,
      path: pathFor(operation, ids),
      query: queryFor(operation, ids),
      payload: bodyFor(operation, ids),
      contentType: fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 10 },
        { arbitrary: fc.constant(undefined), weight: 1 },
        { arbitrary: wrongContentType, weight: 2 },
      ),
      headers: extraHeaders,
    })
    .map(({ caller, path, query, payload, contentType, headers }) => {
      const request: FuzzRequest = {
        caller,
        method: operation.method,
        url: `${path}${query}`,
        headers: { ...headers, ...(payload !== undefined && contentType ? { 'content-type': contentType } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describe(request) });
    });
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

export function describe(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? ` body=${clip(JSON.stringify(request.payload))}`
        : ` body=<${request.payload.bytes} bytes>`;
  const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${clip(JSON.stringify(v), 80)}`);
  return `${request.caller} ${request.method} ${clip(request.url)} [${headers.join('; ')}]${payload}`;
}
