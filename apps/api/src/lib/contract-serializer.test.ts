import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './contract-serializer.ts';

const ZEntry = z.object({ name: z.string(), count: z.number().int(), note: z.string().nullable() });
const ZList = z.array(ZEntry);

// An entry whose `name` counts how often it is read, as a serializer reads it once per write.
function countedEntry(name: string, frozen: boolean) {
  const reads = { count: 0 };
  const entry = {
    get name() {
      reads.count += 1;
      return name;
    },
    count: 3,
    note: null,
    secret: 'not in the contract',
  };
  return { entry: frozen ? Object.freeze(entry) : entry, reads };
}

describe('contract serializer', () => {
  it('writes only the contract fields, as JSON', () => {
    const write = contractSerializerCompiler({ frozenEntries: true })({ schema: ZList });
    const text = write([{ name: 'Ana "A" \u2028', count: 2, note: 'x', extra: 1 }]);
    expect(JSON.parse(text)).toEqual([{ name: 'Ana "A" \u2028', count: 2, note: 'x' }]);
    const single = contractSerializerCompiler({ frozenEntries: true })({ schema: ZEntry });
    expect(JSON.parse(single({ name: 'B', count: 1, note: null, extra: 2 }))).toEqual({
      name: 'B',
      count: 1,
      note: null,
    });
  });

  it('writes a frozen entry of a list once and reuses its JSON; other entries every time', () => {
    const write = contractSerializerCompiler({ frozenEntries: true })({ schema: ZList });
    const frozen = countedEntry('held', true);
    const fresh = countedEntry('fresh', false);
    const first = write([frozen.entry, fresh.entry]);
    const second = write([fresh.entry, frozen.entry]);
    expect(JSON.parse(first)).toEqual([
      { name: 'held', count: 3, note: null },
      { name: 'fresh', count: 3, note: null },
    ]);
    expect(JSON.parse(second)).toEqual([
      { name: 'fresh', count: 3, note: null },
      { name: 'held', count: 3, note: null },
    ]);
    expect(frozen.reads.count).toBe(1);
    expect(fresh.reads.count).toBe(2);
  });

  it('writes every entry every time when frozen entries are switched off', () => {
    const write = contractSerializerCompiler({ frozenEntries: false })({ schema: ZList });
    const frozen = countedEntry('held', true);
    expect(write([frozen.entry])).toBe(write([frozen.entry]));
    expect(frozen.reads.count).toBe(2);
  });
});
