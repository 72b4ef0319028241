import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type JsonSchema = { type?: unknown; items?: unknown; definitions?: unknown; $defs?: unknown };

// Responses are written by Fastify's own serializer (fast-json-stringify), compiled once per
// route from the JSON Schema of the contract's response: only the contract's fields go out, in
// a fraction of the time zod's check-then-stringify takes.
//
// A frozen answer, and a list's frozen items, are written once (reuseFrozen, SPEED_OFF=frozen-items):
// a frozen object cannot change, so its JSON is the same every time.
// - The leaderboard's entries are frozen and shared by every request of the cohort until its
//   standings change (services/social/standings.service.ts), so an answer of 200 members is
//   written from 200 kept texts instead of anew (about 10 times faster).
// - A held insights answer is frozen and shared by every leader of the organisation until a fact
//   it shows changes (services/insights/insights.service.ts), so it is written once, not once per
//   request.
//
// Each route's serializer is built when its first answer is written, not while the server starts:
// building all of them (the contract's JSON Schema, then fast-json-stringify's code) took about a
// third of a second of every start (docs/operations/ci.md#where-the-time-goes).
export function contractSerializerCompiler(options: { reuseFrozen: boolean }) {
  return ({ schema }: { schema: unknown }): Serializer => {
    let built: Serializer | undefined;
    return (data) => (built ??= serializerFor(schema, options))(data);
  };
}

function serializerFor(schema: unknown, options: { reuseFrozen: boolean }): Serializer {
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7' }) as JsonSchema;
  const whole = compile(json);
  if (!options.reuseFrozen) return whole;
  const items = json.items as JsonSchema | undefined;
  if (json.type !== 'array' || items?.type !== 'object') return writtenOnceWhenFrozen(whole);
  // The item's schema keeps the definitions its references point to.
  const write = writtenOnceWhenFrozen(compile({ ...items, definitions: json.definitions, $defs: json.$defs }));
  return (data) => (Array.isArray(data) ? `[${data.map(write).join(',')}]` : whole(data));
}

// The serializer, keeping the text of every frozen object it writes for as long as the object lives.
function writtenOnceWhenFrozen(write: Serializer): Serializer {
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return write(data);
    let text = written.get(data);
    if (text === undefined) {
      text = flat(write(data));
      written.set(data, text);
    }
    return text;
  };
}

const compile = (json: JsonSchema): Serializer => fastJson(json as Parameters<typeof fastJson>[0]);

// The same text as one flat string. fast-json-stringify builds its text piece by piece, which the
// engine keeps as a tree of pieces: every later join would walk the tree again (about three times
// the cost of joining flat strings). Copying it once, when it is kept, leaves one flat string.
const flat = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
