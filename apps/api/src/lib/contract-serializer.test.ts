import Fastify, { type FastifySerializerCompiler } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './contract-serializer.ts';

const ZEntry = z.object({ name: z.string(), count: z.number().int(), note: z.string().nullable() });
const ZList = z.array(ZEntry);
const ZNested = z.array(z.object({ user: z.object({ id: z.string() }), tags: z.array(z.string()) }));

// An entry whose `name` counts how often it is read.
function countedEntry(name: string, freeze: boolean) {
  const reads = { count: 0 };
  const entry = {
    count: 1,
    note: null,
    get name() {
      reads.count++;
      return name;
    },
  };
  return { entry: freeze ? Object.freeze(entry) : entry, reads };
}

describe.each([true, false])('contract serializer (frozen answers and items reused: %s)', (reuseFrozen) => {
  const compile = contractSerializerCompiler({ reuseFrozen });

  it('writes only the contract fields, as JSON', () => {
    const write = compile({ schema: ZList });
    const text = String(write([{ name: 'Ana "A" \u2028', count: 2, note: 'x', extra: 1 }]));
    expect(JSON.parse(text)).toEqual([{ name: 'Ana "A" \u2028', count: 2, note: 'x' }]);
    const single = compile({ schema: ZEntry });
    expect(JSON.parse(String(single({ name: 'B', count: 1, note: null, extra: 2 })))).toEqual({
      name: 'B',
      count: 1,
      note: null,
    });
    expect(String(write([]))).toBe('[]');
  });

  it('writes frozen and unfrozen items of one list alike, nested objects included', () => {
    const write = compile({ schema: ZNested });
    const item = { user: { id: 'u1', secret: 's' }, tags: ['a', 'b'], extra: true };
    const text = String(write([Object.freeze({ ...item }), item]));
    expect(JSON.parse(text)).toEqual([
      { user: { id: 'u1' }, tags: ['a', 'b'] },
      { user: { id: 'u1' }, tags: ['a', 'b'] },
    ]);
  });

  it(`${reuseFrozen ? 'writes a frozen item once' : 'writes every item every time'}, and an unfrozen one every time`, () => {
    const write = compile({ schema: ZList });
    const frozen = countedEntry('frozen', true);
    const open = countedEntry('open', false);
    for (let i = 0; i < 3; i++) {
      expect(JSON.parse(String(write([frozen.entry, open.entry])))).toEqual([
        { name: 'frozen', count: 1, note: null },
        { name: 'open', count: 1, note: null },
      ]);
    }
    expect(frozen.reads.count).toBe(reuseFrozen ? 1 : 3);
    expect(open.reads.count).toBe(3);
  });

  it(`${reuseFrozen ? 'writes a frozen answer once' : 'writes every answer every time'}, and an unfrozen one every time`, () => {
    const write = compile({ schema: ZEntry });
    const frozen = countedEntry('frozen', true);
    const open = countedEntry('open', false);
    for (let i = 0; i < 3; i++) {
      expect(JSON.parse(String(write(frozen.entry)))).toEqual({ name: 'frozen', count: 1, note: null });
      expect(JSON.parse(String(write(open.entry)))).toEqual({ name: 'open', count: 1, note: null });
    }
    expect(frozen.reads.count).toBe(reuseFrozen ? 1 : 3);
    expect(open.reads.count).toBe(3);
  });

  it('keeps what each route wrote apart: the same frozen item under two contracts', () => {
    const entry = Object.freeze({ name: 'N', count: 4, note: null });
    const names = compile({ schema: z.array(z.object({ name: z.string() })) });
    const counts = compile({ schema: z.array(z.object({ count: z.number() })) });
    expect(String(names([entry]))).toBe('[{"name":"N"}]');
    expect(String(counts([entry]))).toBe('[{"count":4}]');
    const name = compile({ schema: z.object({ name: z.string() }) });
    const count = compile({ schema: z.object({ count: z.number() }) });
    expect(String(name(entry))).toBe('{"name":"N"}');
    expect(String(count(entry))).toBe('{"count":4}');
  });

  it('sends what it wrote through Fastify whole, non-ASCII text included, with its length in bytes', async () => {
    const app = Fastify();
    app.setSerializerCompiler(compile as FastifySerializerCompiler<unknown>);
    const answer = Object.freeze({ name: 'Zoë – 😄 “quoted”', count: 3, note: null });
    const entries = [Object.freeze({ name: 'Ünal', count: 1, note: 'é' }), { name: 'open ß', count: 2, note: null }];
    app.get('/one', { schema: { response: { 200: ZEntry } } }, async () => answer);
    app.get('/list', { schema: { response: { 200: ZList } } }, async () => entries);
    try {
      for (let i = 0; i < 2; i++) {
        const one = await app.inject({ method: 'GET', url: '/one' });
        expect(one.json()).toEqual(answer);
        expect(Number(one.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(answer)));
        const list = await app.inject({ method: 'GET', url: '/list' });
        expect(list.json()).toEqual(entries);
        expect(Number(list.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(entries)));
        expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
      }
    } finally {
      await app.close();
    }
  });

  it(`${reuseFrozen ? 'keeps a frozen answer as its UTF-8 bytes' : 'writes text'}`, () => {
    const write = compile({ schema: ZEntry });
    const written = write(Object.freeze({ name: 'Zoë', count: 1, note: null }));
    expect(Buffer.isBuffer(written)).toBe(reuseFrozen);
    expect(Buffer.from(written).toString('utf8')).toBe('{"name":"Zoë","count":1,"note":null}');
  });
});
