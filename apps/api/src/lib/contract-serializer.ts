import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type JsonSchema = { type?: unknown; items?: unknown; definitions?: unknown; $defs?: unknown };

// Responses are written by Fastify's own serializer (fast-json-stringify), compiled once per
// route from the JSON Schema of the contract's response: only the contract's fields go out, in
// a fraction of the time zod's check-then-stringify takes.
//
// A list's frozen items are written once (reuseFrozenItems, SPEED_OFF=frozen-items): a frozen
// object cannot change, so its JSON is the same every time. The leaderboard's entries are frozen
// and shared by every request of the cohort until its standings change (standings.service.ts), so
// an answer of 200 members is written from 200 kept texts instead of anew (about 10 times faster).
export function contractSerializerCompiler(options: { reuseFrozenItems: boolean }) {
  return ({ schema }: { schema: unknown }): Serializer => {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7' }) as JsonSchema;
    const whole = compile(json);
    const items = json.items as JsonSchema | undefined;
    if (!options.reuseFrozenItems || json.type !== 'array' || items?.type !== 'object') return whole;
    // The item's schema keeps the definitions its references point to.
    const writeItem = compile({ ...items, definitions: json.definitions, $defs: json.$defs });
    const written = new WeakMap<object, string>();
    const write = (item: object) => {
      if (!Object.isFrozen(item)) return writeItem(item);
      let text = written.get(item);
      if (text === undefined) {
        text = flat(writeItem(item));
        written.set(item, text);
      }
      return text;
    };
    return (data) => (Array.isArray(data) ? `[${data.map(write).join(',')}]` : whole(data));
  };
}

const compile = (json: JsonSchema): Serializer => fastJson(json as Parameters<typeof fastJson>[0]);

// The same text as one flat string. fast-json-stringify builds its text piece by piece, which the
// engine keeps as a tree of pieces: every later join would walk the tree again (about three times
// the cost of joining flat strings). Copying it once, when it is kept, leaves one flat string.
const flat = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
