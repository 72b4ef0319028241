import fastJson from 'fast-json-stringify';
import { z } from 'zod';

// What a route's answer is written as: JSON text, or its UTF-8 bytes (Fastify sends a Buffer as it
// is, its length the Content-Length).
type Serializer = (data: unknown) => string | Buffer;
type TextSerializer = (data: unknown) => string;
type JsonSchema = { type?: unknown; items?: unknown; definitions?: unknown; $defs?: unknown };

// Responses are written by Fastify's own serializer (fast-json-stringify), compiled once per
// route from the JSON Schema of the contract's response: only the contract's fields go out, in
// a fraction of the time zod's check-then-stringify takes.
//
// A frozen answer, and a list's frozen items, are written once (reuseFrozen, SPEED_OFF=frozen-items):
// a frozen object cannot change, so its JSON is the same every time. It is kept as UTF-8 bytes, which
// go to the socket as they are: kept as text, every answer would be measured and encoded again
// (about 40 µs for 22.5 kB of text, measured in a loop).
// - The leaderboard's entries are frozen and shared by every request of the cohort until its
//   standings change (services/social/standings.service.ts), so an answer of 200 members is
//   joined from 200 kept byte strings instead of written anew (about 10 times faster).
// - A held insights answer is frozen and shared by every leader of the organisation until a fact
//   it shows changes (services/insights/insights.service.ts), so it is written once, not once per
//   request.
// - A member's dashboard is made once from their held facts and their cohort's held standings, and
//   frozen (services/dashboard/dashboard.service.ts): written once while it is kept.
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
  return (data) => (Array.isArray(data) ? joined(data.map(write)) : whole(data));
}

// The serializer, keeping the bytes of every frozen object it writes for as long as the object
// lives; an object that is not frozen is written as text each time.
function writtenOnceWhenFrozen(write: TextSerializer): Serializer {
  const written = new WeakMap<object, Buffer>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return write(data);
    let bytes = written.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(write(data), 'utf8');
      written.set(data, bytes);
    }
    return bytes;
  };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

// A JSON array of written items, as one piece of bytes.
function joined(items: (string | Buffer)[]): Buffer {
  const pieces: Buffer[] = [OPEN];
  items.forEach((item, i) => {
    if (i > 0) pieces.push(COMMA);
    pieces.push(typeof item === 'string' ? Buffer.from(item, 'utf8') : item);
  });
  pieces.push(CLOSE);
  return Buffer.concat(pieces);
}

const compile = (json: JsonSchema): TextSerializer => fastJson(json as Parameters<typeof fastJson>[0]);
