import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type JsonSchema = { type?: unknown; items?: unknown; $defs?: unknown; definitions?: unknown };

// Responses are written by Fastify's own serializer (fast-json-stringify), compiled once per
// route from the JSON Schema of the contract's response: only the contract's fields go out, in
// a fraction of the time zod's check-then-stringify takes.
//
// With `frozenEntries` on (SPEED_OFF=frozen-entries switches it off), an entry of a list answer
// that is a frozen object is written once and its JSON reused while that object lives: a held
// answer's entries are frozen and shared by every request until the next change (a 200-member
// leaderboard is then written once per change, not once per request). A frozen object cannot
// change, so its JSON cannot go stale.
export function contractSerializerCompiler(options: { frozenEntries: boolean }) {
  return ({ schema }: { schema: unknown }): Serializer => {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7' }) as JsonSchema;
    const write = fastJson(json as Parameters<typeof fastJson>[0]);
    if (!options.frozenEntries || json.type !== 'array' || typeof json.items !== 'object') return write;
    const writeEntry = fastJson({
      ...(json.items as object),
      ...(json.definitions ? { definitions: json.definitions } : {}),
      ...(json.$defs ? { $defs: json.$defs } : {}),
    } as Parameters<typeof fastJson>[0]);
    const written = new WeakMap<object, string>();
    const entryJson = (entry: unknown): string => {
      if (entry === null || typeof entry !== 'object' || !Object.isFrozen(entry)) return writeEntry(entry);
      let text = written.get(entry);
      if (text === undefined) {
        text = writeEntry(entry);
        written.set(entry, text);
      }
      return text;
    };
    return (data) => (Array.isArray(data) ? `[${data.map(entryJson).join(',')}]` : write(data));
  };
}
