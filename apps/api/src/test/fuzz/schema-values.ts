import fc from 'fast-check';
import { garbage, hostileDate, hostileNumber, hostileString, hostileUuid } from './hostile-values.ts';

// The subset of JSON Schema the OpenAPI document uses for request parameters and bodies.
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

// Ids of rows that exist (the caller's own and another organisation's), so a well-formed id is
// often one the server has to look up and authorise rather than one it can refuse unseen. The
// hint is the field or parameter name (`habit_id`, `organizational_goal_ids`, `goals/{id}`); the
// answer is one list of ids per table, so a small table is drawn from as often as a big one.
export type IdPool = (hint: string) => string[][];

// The tables a field name points at: `endorsed_user_id` → users, `goals/{id}` →
// organizational_goals, `program_id` → programmes; every table when nothing matches.
export function idPool(byTable: () => Map<string, string[]>): IdPool {
  return (hint) => {
    const words = hint
      .replace(/\/?\{id\}$/, '')
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w && w !== 'id' && w !== 'ids');
    const stem = (words.at(-1) ?? '').replace(/s$/, '');
    const tables = [...byTable().entries()].filter(([, ids]) => ids.length > 0);
    const matching = stem ? tables.filter(([name]) => name.includes(stem)) : [];
    return (matching.length > 0 ? matching : tables).map(([, ids]) => ids);
  };
}

const existingId = (groups: () => string[][]) =>
  fc.constant(null).chain(() => fc.constantFrom(...groups()).chain((ids) => fc.constantFrom(...ids)));

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function recentDate(): fc.Arbitrary<string> {
  return fc.integer({ min: -8, max: 1 }).map((offset) => isoDate(new Date(Date.now() + offset * 86_400_000)));
}

function recentInstant(): fc.Arbitrary<string> {
  return fc.integer({ min: -30 * 24, max: 24 }).map((hours) => new Date(Date.now() + hours * 3_600_000).toISOString());
}

function uuidValue(ids: IdPool, hint: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: existingId(() => ids(hint)), weight: 6 },
    { arbitrary: existingId(() => ids('')), weight: 1 },
    fc.uuid(),
  );
}

// Something the schema accepts (or, for text, very nearly: trimming may still empty it).
export function validValue(schema: JsonSchema, ids: IdPool, hint = ''): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, ids, hint)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'array':
      return fc.uniqueArray(validValue(schema.items ?? {}, ids, hint), {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectValue(schema, ids, 'valid');
    case 'string':
      if (schema.format === 'uuid') return uuidValue(ids, hint);
      if (schema.format === 'date') return recentDate();
      if (schema.format === 'date-time') return recentInstant();
      return fc.oneof(
        ...(['grapheme-ascii', 'grapheme'] as const).map((unit) =>
          fc.string({
            unit,
            minLength: Math.max(schema.minLength ?? 0, 1),
            maxLength: Math.min(schema.maxLength ?? 80, 80),
          }),
        ),
      );
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// Something this particular schema should refuse, or sits on its boundary.
export function hostileValue(schema: JsonSchema, ids: IdPool, hint = ''): fc.Arbitrary<unknown> {
  const type = schema.anyOf ? undefined : Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const specific: fc.Arbitrary<unknown>[] = [];
  if (schema.anyOf) specific.push(...schema.anyOf.map((s) => hostileValue(s, ids, hint)));
  if (schema.enum) {
    specific.push(
      fc.constantFrom(...schema.enum).map((v) => (typeof v === 'string' ? v.toUpperCase() : String(v))),
      fc.constantFrom(...schema.enum).map((v) => [v]),
    );
  }
  if (type === 'string' && schema.format === 'uuid') specific.push(hostileUuid);
  if (type === 'string' && schema.format === 'date') specific.push(hostileDate);
  if (type === 'string') specific.push(hostileString);
  if (type === 'integer' || type === 'number') {
    const edges = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
    specific.push(hostileNumber, fc.constantFrom(...edges.flatMap((n) => [n - 1, n, n + 1, n + 0.5]), 0, -1));
  }
  if (type === 'array') {
    const item = validValue(schema.items ?? {}, ids, hint);
    specific.push(
      // Duplicates, one past the limit, far past it, and items of the wrong kind.
      item.map((v) => [v, v]),
      fc.array(item, { minLength: (schema.maxItems ?? 100) + 1, maxLength: (schema.maxItems ?? 100) + 1 }),
      fc.constant(Array.from({ length: 3000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)),
      fc.array(hostileValue(schema.items ?? {}, ids, hint), { minLength: 1, maxLength: 4 }),
    );
  }
  if (type === 'object') specific.push(objectValue(schema, ids, 'hostile'));
  return fc.oneof({ arbitrary: fc.oneof(...(specific.length ? specific : [garbage])), weight: 3 }, garbage);
}

// An object shaped by the schema: each field valid, hostile or left out, plus unknown fields.
export function objectValue(schema: JsonSchema, ids: IdPool, mode: 'valid' | 'hostile'): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, property]) => {
    const valid = validValue(property, ids, name);
    const choices =
      mode === 'valid'
        ? [valid]
        : [
            { arbitrary: valid, weight: 3 },
            { arbitrary: hostileValue(property, ids, name), weight: 2 },
          ];
    // undefined leaves the field out when the body is serialised.
    const leaveOut = mode === 'hostile' || !required.has(name);
    return fc.oneof(...choices, ...(leaveOut ? [{ arbitrary: fc.constant(undefined), weight: 1 }] : []));
  });
  const extras =
    mode === 'valid'
      ? fc.constant({})
      : fc.oneof(
          { arbitrary: fc.constant({}), weight: 4 },
          fc.dictionary(fc.oneof(hostileString, fc.constantFrom('id', 'user_id', 'role', 'is_admin')), garbage, {
            minKeys: 1,
            maxKeys: 3,
          }),
        );
  return fc.tuple(fc.tuple(...fields), extras).map(([values, extra]) => {
    const body: Record<string, unknown> = { ...(extra as object) };
    properties.forEach(([name], i) => {
      if (values[i] !== undefined) body[name] = values[i];
    });
    return body;
  });
}
