import fc from 'fast-check';

// Values no contract accepts in that place, or accepts only at its very edge: the kinds of input a
// careless client, a broken proxy or an attacker sends.

// A JSON literal the generator cannot express as a JS value (1e400 parses to Infinity, -0 loses
// its sign, 2^70 loses precision): it is spliced into the JSON text where the marker stands.
export const RAW = '\u0001raw:';
export const rawLiteral = (text: string) => `${RAW}${text}`;

export function spliceRawLiterals(json: string): string {
  return json.replace(/"\\u0001raw:((?:[^"\\]|\\.)*)"/g, (_, text: string) => JSON.parse(`"${text}"`) as string);
}

const controlCharacter = fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   \t\n ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\u202Eevil',
    '\uFEFF',
    '\u200B',
    '👩‍👩‍👧‍👦'.repeat(50),
    'null',
    'undefined',
    'true',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '0',
    '-0',
    '1e309',
    '  3 ',
    '0x10',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '%00',
    '%E0%A4%A',
    '../../etc/passwd',
    '{{7*7}}',
    '${7*7}',
    '__proto__',
    'constructor',
    '2026-02-30',
    '10000-01-01',
    '2026-13-01',
    '0000-00-00',
    '2026-02-28T25:61:00Z',
  ),
  fc.string({ unit: controlCharacter, minLength: 1, maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // Right around and far past every max length the contracts declare (500, 1000, 2000, ...).
  fc
    .constantFrom(199, 200, 201, 499, 500, 501, 999, 1000, 1001, 1999, 2000, 2001, 10_000, 60_000)
    .chain((length) => fc.constantFrom('x', ' ', 'é', '\u0000').map((unit) => unit.repeat(length))),
);

export const hostileUuid: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '00000000-0000-0000-0000-00000000000',
    '{8f14e45f-ceea-467f-a8f5-2f3a6c0b9a11}',
    '8f14e45fceea467fa8f52f3a6c0b9a11',
    '8F14E45F-CEEA-467F-A8F5-2F3A6C0B9A11',
    '8f14e45f-ceea-967f-a8f5-2f3a6c0b9a11',
    '8f14e45f-ceea-467f-c8f5-2f3a6c0b9a11',
    '8f14e45f-ceea-467f-a8f5-2f3a6c0b9a11 ',
    'urn:uuid:8f14e45f-ceea-467f-a8f5-2f3a6c0b9a11',
    '1',
    '12345678901',
  ),
  fc.uuid().map((id) => id.replace(/-/g, '')),
  fc.uuid().map((id) => `${id}x`),
  fc.uuid().map((id) => id.slice(0, 35)),
  hostileString,
);

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    0.5,
    1.5,
    -0.0001,
    6,
    10_001,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.constantFrom('1e400', '-1e400', '-0', '123456789012345678901234567890', '1.0', '1E2').map(rawLiteral),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom('3', 'NaN', 'Infinity', '', ' 1', '1,5', '0x3'),
);

export const hostileDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '2026-02-29',
    '2025-02-29',
    '10000-01-01',
    '0000-01-01',
    '0001-01-01',
    '9999-12-31',
    '2026-00-10',
    '2026-1-5',
    '2026/01/05',
    '20260105',
    '2026-01-05T00:00:00Z',
    '1970-01-01',
    '+002026-01-05',
  ),
  fc.date({ noInvalidDate: true, min: new Date(-8.64e15), max: new Date(8.64e15) }).map((d) => d.toISOString()),
  hostileString,
);

// Nesting deep enough to trouble a recursive parser or validator, well under the body limit.
export const deeplyNested: fc.Arbitrary<string> = fc
  .integer({ min: 50, max: 10_000 })
  .chain((depth) =>
    fc.constantFrom(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  )
  .map(rawLiteral);

export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { '': '' }),
  hostileNumber,
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 5 }),
  deeplyNested,
);
